import { useSyncExternalStore } from 'react';
import type { ThemePreference } from '@pc/core/contracts/auth';

/**
 * The colour scheme (decision 0192): the partner's preference (light, dark, or the system's) kept in this browser so
 * the first paint is already right, and the account's choice applied over it once the partner is known. `system`
 * follows `prefers-color-scheme`, live: turning the phone to dark mode turns the cabinet with it.
 */
export type ColorMode = 'light' | 'dark';

const KEY = 'pc.theme';
const PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
const listeners = new Set<() => void>();

function isPreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (PREFERENCES as readonly string[]).includes(value);
}

function readStored(): ThemePreference {
  try {
    const value = window.localStorage.getItem(KEY);
    return isPreference(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

let preference: ThemePreference = typeof window === 'undefined' ? 'system' : readStored();

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/** The mode a preference gives on this device now. */
export function resolveColorMode(pref: ThemePreference, systemDark: boolean): ColorMode {
  return pref === 'system' ? (systemDark ? 'dark' : 'light') : pref;
}

export const colorScheme = {
  preference: () => preference,
  mode: (): ColorMode => resolveColorMode(preference, darkQuery()?.matches ?? false),
  /** Applies a preference at once and keeps it in this browser (the account keeps it through POST /api/theme/change). */
  set(next: ThemePreference) {
    if (!isPreference(next) || next === preference) return;
    preference = next;
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Storage unavailable: the choice lasts for this page view.
    }
    emit();
  },
  subscribe,
};

/** The preference and the mode it resolves to, re-rendering when either (or the system's setting) changes. */
export function useColorScheme(): { preference: ThemePreference; mode: ColorMode } {
  // The same on the server: a guest page is prerendered in each scheme, set with colorScheme.set (decision 0212).
  const pref = useSyncExternalStore(subscribe, colorScheme.preference, colorScheme.preference);
  const mode = useSyncExternalStore(subscribe, colorScheme.mode, colorScheme.mode);
  return { preference: pref, mode };
}
