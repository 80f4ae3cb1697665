import type { QueryClient } from '@tanstack/react-query';

export const SETTINGS_SCOPE = 'console-settings';

/** The Product settings section's calls, relative to the operator API (docs/operator.md, settings.read / settings.write). */
export const SETTINGS_PATHS = {
  settings: '/settings',
  preview: '/settings/preview',
  history: '/settings/history',
} as const;

/** After a change: the settings, their history and the audit log. */
export function refreshSettings(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: [SETTINGS_SCOPE] }), queryClient.invalidateQueries({ queryKey: ['console-audit'] })]);
}

/** Refusals the screen shows in place (a field's message); a 5xx has the app's dialog. */
export const CHANGE_META = { handles: [400, 403, 422] };
