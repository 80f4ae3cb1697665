import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import * as z from 'zod/mini';

/** A field's message: client messages are translation keys, server messages arrive translated. */
export interface FieldError {
  type: 'client' | 'server';
  message: string;
}

type Values = Record<string, unknown>;
export type FieldErrors<T extends Values> = Partial<Record<keyof T & string, FieldError>>;
type Name<T extends Values> = keyof T & string;

/** The schema's verdict on the values: the parsed data, or the first issue of each field. */
export function checkValues<T extends Values>(
  schema: z.ZodMiniType<T>,
  values: T,
): { data?: T; errors: FieldErrors<T> } {
  const result = z.safeParse(schema, values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Name<T>;
    if (field && !errors[field]) errors[field] = { type: 'client', message: issue.message };
  }
  return { errors };
}

export interface SchemaForm<T extends Values> {
  values: T;
  errors: FieldErrors<T>;
  isSubmitting: boolean;
  /** Props for a text input bound to the field. */
  text(name: Name<T>): {
    name: string;
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    inputRef(el: HTMLElement | null): void;
  };
  /** Props for a checkbox bound to a boolean field. */
  checkbox(name: Name<T>): {
    name: string;
    checked: boolean;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    inputRef(el: HTMLElement | null): void;
  };
  /** Sets a value; after the first submit the field is checked again unless `check` is false. */
  setValue<N extends Name<T>>(name: N, value: T[N], options?: { check?: boolean }): void;
  setError(name: Name<T>, error: FieldError, options?: { focus?: boolean }): void;
  clearError(name: Name<T>): void;
  /** Checks the values and calls onValid with the parsed data; otherwise shows the errors and focuses the first. */
  handleSubmit(onValid: (data: T) => Promise<void> | void): (event?: FormEvent) => Promise<void>;
}

/**
 * Form state for the app's small forms, validated by a zod/mini schema: nothing is checked before the
 * first submit, afterwards a changed field is checked again at once (what partners expect from a
 * sign-in form). About 1 KB where a form library costs 13 KB on the sign-in page (decision 0042).
 */
export function useSchemaForm<T extends Values>(schema: z.ZodMiniType<T>, defaults: T): SchemaForm<T> {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Read by handlers between renders (a setValue followed by a submit in the same tick).
  const current = useRef({ values: defaults, submitted: false });
  const elements = useRef(new Map<string, HTMLElement>());

  const putError = (name: Name<T>, error: FieldError | undefined) =>
    setErrors((prev) => {
      const next = { ...prev };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });

  const focus = (names: string[]) => {
    const targets = names
      .map((n) => elements.current.get(n))
      .filter((el): el is HTMLElement => Boolean(el?.isConnected));
    // The first in page order, whichever order the schema reported them in.
    targets.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    targets[0]?.focus();
  };

  const setValue = <N extends Name<T>>(name: N, value: T[N], options?: { check?: boolean }) => {
    current.current.values = { ...current.current.values, [name]: value };
    setValues(current.current.values);
    if (current.current.submitted && options?.check !== false)
      putError(name, checkValues(schema, current.current.values).errors[name]);
  };

  const bindElement = (name: string) => (el: HTMLElement | null) => {
    if (el) elements.current.set(name, el);
    else elements.current.delete(name);
  };

  return {
    values,
    errors,
    isSubmitting,
    text: (name) => ({
      name,
      value: String(values[name] ?? ''),
      onChange: (event) => setValue(name, event.target.value as T[typeof name]),
      inputRef: bindElement(name),
    }),
    checkbox: (name) => ({
      name,
      checked: values[name] === true,
      onChange: (event) => setValue(name, event.target.checked as T[typeof name]),
      inputRef: bindElement(name),
    }),
    setValue,
    setError: (name, error, options) => {
      putError(name, error);
      if (options?.focus) focus([name]);
    },
    clearError: (name) => putError(name, undefined),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      current.current.submitted = true;
      const { data, errors: found } = checkValues(schema, current.current.values);
      setErrors(found);
      if (!data) {
        focus(Object.keys(found));
        return;
      }
      setSubmitting(true);
      try {
        await onValid(data);
      } finally {
        setSubmitting(false);
      }
    },
  };
}
