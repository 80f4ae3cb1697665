import type { TFunction } from 'i18next';
import type { FieldError, SchemaForm } from '../../../components/form/useSchemaForm.ts';
import type { ApiRequestError } from '../../../lib/http.ts';

type Values = Record<string, unknown>;

/** Client messages are keys of the settings namespace (with the limits they quote); server messages arrive translated. */
export function errorText(error: FieldError | undefined, t: TFunction, params: Record<string, unknown> = {}): string {
  if (!error?.message) return '';
  return error.type === 'server' ? error.message : t(error.message, params);
}

/** The props an MUI TextField needs from the form; the helper text is the error, else `hint`. */
export function fieldProps<T extends Values>(
  form: SchemaForm<T>,
  name: keyof T & string,
  t: TFunction,
  options: { hint?: string; params?: Record<string, unknown> } = {},
) {
  const { inputRef, ...text } = form.text(name);
  const error = form.errors[name];
  return {
    ...text,
    inputRef,
    id: `settings-field-${name}`,
    error: Boolean(error),
    helperText: errorText(error, t, options.params) || options.hint || ' ',
    fullWidth: true,
  };
}

/**
 * Puts a refusal's `errors: {field: [message]}` on the form's fields (the first one focused). Returns what belongs
 * to no field of the form: those messages, or the server's message when it named no field at all.
 */
export function applyRefusal<T extends Values>(
  form: SchemaForm<T>,
  error: ApiRequestError,
  fields: readonly (keyof T & string)[],
): string[] {
  const leftovers: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages.filter(Boolean).join(' ');
    if (!message) continue;
    if ((fields as readonly string[]).includes(field)) {
      form.setError(field as keyof T & string, { type: 'server', message }, { focus: !focused });
      focused = true;
    } else {
      leftovers.push(message);
    }
  }
  if (!Object.keys(error.errors).length && error.serverMessage) leftovers.push(error.serverMessage);
  return leftovers;
}
