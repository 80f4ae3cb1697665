// The start of a prerendered guest page (decision 0212): the page is in the HTML already, so the app's code is run
// once the browser has painted it, not before (on a fast connection the code would arrive first and hold the paint
// until it had run). The chunks download meanwhile (the page's modulepreload links); the root names the entry.
// A tab opened in the background paints nothing: a tenth of a second is the longest wait.
const entry = document.getElementById('root')?.dataset.entry;
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  void import(entry);
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
