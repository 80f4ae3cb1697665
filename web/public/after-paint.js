// The start of a prerendered page (decisions 0212, 0228). The page is in the HTML already and its fields take typing
// without the app, so the app's code is fetched once the browser has painted it (on a slow network the chunks would
// otherwise share the connection with the page's own HTML; on a fast one the code would arrive first and hold the
// paint until it had run), and run when the visitor first touches the page: a key, a tap, a click, a pointer moved
// over it, typed or pasted text. Until then the phone's processor is left to the page (reading, scrolling); the
// start's work is paid when the visitor turns to it, as they read and type.
// A control clicked before the app has taken over (the language menu, showing the password, the captcha) is named on
// the root (data-replay) and clicked again in the app (src/app/prerendered.ts), so no first tap is lost. Links work
// as they are: they open another page, drawn as well.
const root = document.getElementById('root');
const entry = root?.dataset.entry;

let fetched = false;
const fetchChunks = () => {
  if (fetched || !root) return;
  fetched = true;
  // The entry and its chunks, fetched together as the shell's modulepreload links would.
  for (const href of [entry, ...(root.dataset.preload ?? '').split(' ')].filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
};
// A tab opened in the background paints nothing: a tenth of a second is the longest wait.
requestAnimationFrame(() => setTimeout(fetchChunks, 0));
setTimeout(fetchChunks, 100);

const INTENTS = ['keydown', 'pointerdown', 'pointermove', 'touchstart', 'input', 'paste'];
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  for (const type of INTENTS) removeEventListener(type, start, true);
  fetchChunks();
  void import(entry);
};
for (const type of INTENTS) addEventListener(type, start, { capture: true, passive: true });
// A partner's page (decision 0228) is a picture of the screen while its figures are on their way: the app starts as
// soon as the picture is painted, to draw the partner's own.
if (root?.hasAttribute('data-signed-in')) requestAnimationFrame(() => setTimeout(start, 0));
// This script runs once it has arrived, after the page is drawn: on a slow network or a busy phone the visitor may have
// typed into the copy's fields already, and no key will come again to start the app. Text already in a field is that
// first touch (focus alone is not: autofocus gives it).
if (root && [...root.querySelectorAll('input, textarea')].some((field) => field.value !== '')) start();

// A control the copy cannot act on, named so that the app's same control can be found: by its id, test id or label.
const CONTROLS = 'button, [role="button"], [role="combobox"]';
const selectorOf = (control) => {
  for (const attribute of ['id', 'data-testid', 'aria-label']) {
    const value = control.getAttribute(attribute);
    if (value) return `[${attribute}="${CSS.escape(value)}"]`;
  }
  return null;
};
root?.addEventListener(
  'click',
  (event) => {
    if (!root.hasAttribute('data-prerendered')) return;
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    const selector = control && root.contains(control) ? selectorOf(control) : null;
    if (!selector) return;
    event.preventDefault();
    root.dataset.replay = selector;
    start();
  },
  true,
);
