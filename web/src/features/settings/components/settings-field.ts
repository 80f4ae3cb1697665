import type { TFunction } from 'i18next';
import { fieldProps } from '../../../components/form/form-helpers.ts';
import type { SchemaForm } from '../../../components/form/useSchemaForm.ts';

/** A settings form's field props: the shared ones, with ids prefixed, since the page holds several forms. */
export function settingsField<T extends Record<string, unknown>>(
  form: SchemaForm<T>,
  name: keyof T & string,
  t: TFunction,
  options: { hint?: string; params?: Record<string, unknown> } = {},
) {
  return fieldProps(form, name, t, { ...options, idPrefix: 'settings-field-' });
}
