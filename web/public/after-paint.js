// The start of a prerendered guest page (decision 0212). The page is in the HTML already, so the app's code is
// fetched and run once the browser has painted it: on a slow network the chunks would otherwise share the
// connection with the page's own HTML, and on a fast one the code would arrive first and hold the paint until it had
// run. The root names the entry and its chunks (fetched together, as the shell's modulepreload links would).
// A tab opened in the background paints nothing: a tenth of a second is the longest wait.
const root = document.getElementById('root');
const entry = root?.dataset.entry;
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  for (const href of (root.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import(entry);
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
