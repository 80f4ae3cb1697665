import { isApiError } from '../../../lib/http.ts';

/**
 * What a refused write says, for the form that sent it: the server's field messages (localized), else its message,
 * else `fallback`. Nothing for 401, 403 and 5xx: the app-wide dialogs have those.
 */
export function refusalMessage(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (!isApiError(error)) return fallback;
  if (error.status === 401 || error.status === 403 || error.status >= 500) return null;
  const fields = Object.values(error.errors).flat().filter(Boolean);
  if (fields.length) return [...new Set(fields)].join(' ');
  return error.serverMessage || fallback;
}
