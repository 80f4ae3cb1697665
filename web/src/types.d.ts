declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}

// The widget's translation files register themselves; their regional variants ship without typings.
declare module 'altcha/i18n/es-es';
declare module 'altcha/i18n/fr-fr';
declare module 'altcha/i18n/pt-br';

/** Flag images (see vite.shared.ts): the URL of the SVG file. */
declare module 'flag-svg/*.svg?no-inline' {
  const url: string;
  export default url;
}
