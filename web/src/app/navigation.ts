/**
 * Navigation for code outside React (the query client's error handling). The router registers itself;
 * before that a full page load is the fallback.
 */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function registerNavigate(fn: (to: string) => void) {
  navigateImpl = fn;
}

export function navigateTo(to: string) {
  navigateImpl(to);
}
