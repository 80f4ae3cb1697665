import type { TFunction } from 'i18next';
import type { FieldError, SchemaForm } from './useSchemaForm.ts';
import { isApiError } from '../../lib/http.ts';

type Values = Record<string, unknown>;

/**
 * The props a text field (TextInput or MUI's TextField) needs from the form: the error translated (client messages
 * with the limits they quote in `params`), else `hint`. `idPrefix` keeps ids apart where a page holds several forms.
 */
export function fieldProps<T extends Values>(
  form: SchemaForm<T>,
  name: keyof T & string,
  t: TFunction,
  options: { hint?: string; params?: Record<string, unknown>; idPrefix?: string } = {},
) {
  const error = form.errors[name];
  return {
    ...form.text(name),
    id: `${options.idPrefix ?? 'field-'}${name}`,
    error: Boolean(error),
    helperText: errorText(error, t, options.params) || options.hint || ' ',
  };
}

/** Client messages are keys (with the limits they quote in `params`); server messages arrive translated. */
export function errorText(error: FieldError | undefined, t: TFunction, params: Record<string, unknown> = {}): string {
  if (!error?.message) return '';
  return error.type === 'server' ? error.message : t(error.message, params);
}

/**
 * Puts a 422 answer's `errors: {field: [message]}` on the form's fields. Returns the messages that belong
 * to no field of this form (shown above the form), or the general message when there are none.
 */
export function applyServerErrors<T extends Values>(
  form: SchemaForm<T>,
  error: unknown,
  fields: readonly (keyof T & string)[],
): string[] {
  if (!isApiError(error)) return [];
  const leftovers: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages.filter(Boolean).join(' ');
    if (!message) continue;
    if ((fields as readonly string[]).includes(field)) {
      form.setError(
        field as keyof T & string,
        { type: 'server', message },
        { focus: !focused && field !== 'captcha' },
      );
      focused = true;
    } else {
      leftovers.push(message);
    }
  }
  if (!Object.keys(error.errors).length && error.serverMessage) leftovers.push(error.serverMessage);
  return leftovers;
}

/**
 * What a failed submit shows above the form: the messages of no field, or `fallback` when the answer named
 * no field at all. A 5xx shows nothing here: the app-wide error dialog has it.
 */
export function submitFailure<T extends Values>(
  form: SchemaForm<T>,
  error: unknown,
  fields: readonly (keyof T & string)[],
  fallback: string,
): string[] {
  if (isApiError(error) && error.status >= 500) return [];
  const rest = applyServerErrors(form, error, fields);
  if (rest.length) return rest;
  return !isApiError(error) || !Object.keys(error.errors).length ? [fallback] : [];
}
