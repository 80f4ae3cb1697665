import { isApiError } from '../../lib/http.ts';

/**
 * What a refused change says: the server's localized message (never internals below 500), else `fallback`. A 5xx
 * has the app-wide dialog already; the caller still shows `fallback` where the refused change was asked for.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : fallback;
}
