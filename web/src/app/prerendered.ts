/**
 * What a visitor typed into a prerendered guest page (decision 0212) before the app replaced it: the copy's fields
 * take typing, and the app's own fields, which have the same ids, get it back as if typed there.
 */
export interface CopyFields {
  fields: Array<HTMLInputElement | HTMLTextAreaElement>;
  /** Which of them has the focus when the app takes over (read then: the visitor may move meanwhile). */
  focused(): string | null;
}

/** The copy's fields, read when the app has replaced them (a field keeps its value once out of the page). */
export function copyFields(container: HTMLElement): CopyFields {
  const fields = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')].filter((field) => field.type !== 'hidden');
  let focused: string | null = null;
  // The focus leaves a field as it is removed: the last one focused is what the visitor was in.
  for (const field of fields) {
    field.addEventListener('focus', () => (focused = field.id));
    field.addEventListener('blur', () => {
      if (field.isConnected && focused === field.id) focused = null;
    });
  }
  const active = document.activeElement;
  if (active instanceof HTMLElement && fields.includes(active as HTMLInputElement)) focused = active.id;
  return { fields, focused: () => focused };
}

export function carryOverTyping({ fields, focused }: CopyFields) {
  for (const copy of fields) {
    if (copy.value === '') continue;
    const field = document.getElementById(copy.id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.value !== '') continue;
    // React's controlled fields hear of a value set through the native setter and an input event, as of typing.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, copy.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const id = focused();
  if (id) document.getElementById(id)?.focus();
}

/**
 * The control the visitor clicked in the copy before the app ran (public/after-paint.js names it on the root as
 * data-replay: its id, test id or label), clicked again in the app, whose same control carries the same name.
 */
export function replayClick(container: HTMLElement) {
  const selector = container.dataset.replay;
  if (!selector) return;
  delete container.dataset.replay;
  const control = container.querySelector<HTMLElement>(selector);
  if (!control) return;
  // A select (MUI's) opens on the press of the mouse button, everything else on the click.
  if (control.getAttribute('role') === 'combobox') control.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  else control.click();
}
