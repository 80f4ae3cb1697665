import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/http.ts';

/** The props a MUI TextField needs from react-hook-form, with the message translated. */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, t: TFunction) {
  const { ref, ...rest } = form.register(name);
  const error = (form.formState.errors as FieldErrors<T>)[name];
  return {
    ...rest,
    id: `field-${String(name)}`,
    inputRef: ref,
    error: Boolean(error),
    helperText: errorText(error as { type?: string; message?: string } | undefined, t) || ' ',
  };
}

/** Client messages are keys; server messages arrive translated (type 'server'). */
export function errorText(error: { type?: string; message?: string } | undefined, t: TFunction): string {
  if (!error?.message) return '';
  return error.type === 'server' ? error.message : t(error.message);
}

/**
 * Puts a 422 answer's `errors: {field: [message]}` on the form's fields. Returns the messages that belong
 * to no field of this form (shown above the form), or the general message when there are none.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly string[]): string[] {
  if (!isApiError(error)) return [];
  const leftovers: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages.filter(Boolean).join(' ');
    if (!message) continue;
    if (fields.includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused && field !== 'captcha' });
      focused = true;
    } else {
      leftovers.push(message);
    }
  }
  if (!Object.keys(error.errors).length && error.serverMessage) leftovers.push(error.serverMessage);
  return leftovers;
}
