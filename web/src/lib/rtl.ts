import type { StylisPlugin } from '@emotion/cache';

/**
 * The RTL stylis plugin (it mirrors every style for Arabic) is loaded only when a right-to-left language
 * is chosen; left-to-right users never download it.
 */
let plugin: StylisPlugin | undefined;
let loading: Promise<StylisPlugin> | undefined;

export function loadRtlPlugin(): Promise<StylisPlugin> {
  loading ??= import('@mui/stylis-plugin-rtl').then((m) => {
    plugin = m.default as unknown as StylisPlugin;
    return plugin;
  });
  return loading;
}

export function rtlPlugin(): StylisPlugin | undefined {
  return plugin;
}
