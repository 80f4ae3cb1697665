import type { ProjectId } from '@pc/core/projects';

/**
 * External targets of the top bar. Each one can be set at build time (VITE_* variables); the defaults
 * point at reserved example domains so that nothing silently links to a real third party.
 */
const env = import.meta.env;

export const PROJECTS: ReadonlyArray<{ id: ProjectId; name: string; url: string }> = [
  { id: 'fd1', name: env.VITE_PROJECT_NAME_FD1 || 'FD1', url: env.VITE_PROJECT_URL_FD1 || 'http://localhost:3001' },
  { id: 'fd2', name: env.VITE_PROJECT_NAME_FD2 || 'FD2', url: env.VITE_PROJECT_URL_FD2 || 'http://localhost:3002' },
];

export function projectName(id: string): string {
  return PROJECTS.find((p) => p.id === id)?.name ?? id.toUpperCase();
}

export const EXTERNAL_LINKS = {
  /** The file manager lives on the first project's site. */
  fileManager: env.VITE_FILE_MANAGER_URL || `${PROJECTS[0]!.url}/files`,
  // The help centre, support, "Write us" and messenger links come from the server's configuration
  // (GET /api/links, lib/support-links.ts): one not configured is hidden, never a made-up address.
  terms: env.VITE_TERMS_URL || 'https://partner-cabinet.example/terms',
} as const;
