/** The two file-hosting projects. Display names and URLs are configuration; the ids are fixed. */
export const PROJECTS = ['fd1', 'fd2'] as const;
export type ProjectId = (typeof PROJECTS)[number];

export function isProjectId(value: unknown): value is ProjectId {
  return typeof value === 'string' && (PROJECTS as readonly string[]).includes(value);
}
