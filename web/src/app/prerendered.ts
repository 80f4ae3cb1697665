/**
 * What a visitor typed into a prerendered guest page (decision 0212) before the app replaced it: the copy's fields
 * take typing, and the app's own fields, which have the same ids, get it back as if typed there.
 */
export interface Typed {
  values: Array<{ id: string; value: string }>;
  /** The field that had the focus, to give it back. */
  focused: string | null;
}

export function typedInto(container: HTMLElement): Typed {
  const fields = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')];
  const active = document.activeElement;
  return {
    values: fields.filter((field) => field.value !== '' && field.type !== 'hidden').map((field) => ({ id: field.id, value: field.value })),
    focused: active instanceof HTMLElement && container.contains(active) && active.id ? active.id : null,
  };
}

export function carryOverTyping({ values, focused }: Typed) {
  for (const { id, value } of values) {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.value !== '') continue;
    // React's controlled fields hear of a value set through the native setter and an input event, as of typing.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focused) document.getElementById(focused)?.focus();
}
