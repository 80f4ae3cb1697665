import { isApiError } from '../../../lib/http.ts';

/** What a refused write brings back for a form: messages per field it knows, and the rest for above the form. */
export interface Refusal {
  fields: Record<string, string>;
  general: string[];
}

/**
 * A 4xx answer's `errors: {field: [message]}` split into the form's own fields and the rest (shown above the
 * form); with no field errors, the server's message, else `fallback`. 403 and 5xx give nothing: the app-wide
 * security check and error dialog have them.
 */
export function refusalOf(error: unknown, fields: readonly string[], fallback: string): Refusal {
  const refusal: Refusal = { fields: {}, general: [] };
  if (isApiError(error) && (error.status === 403 || error.status === 401 || error.status >= 500))
    return refusal;
  if (!isApiError(error)) return { ...refusal, general: [fallback] };
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages.filter(Boolean).join(' ');
    if (!message) continue;
    if (fields.includes(field)) refusal.fields[field] = message;
    else refusal.general.push(message);
  }
  if (!Object.keys(error.errors).length) refusal.general.push(error.serverMessage || fallback);
  return refusal;
}

/** Whether a failed write was a refusal the screen shows itself (not a security check, sign-out or server fault). */
export function isRefusal(error: unknown): boolean {
  return !isApiError(error) || (error.status !== 401 && error.status !== 403 && error.status < 500);
}
