/** The statistics screens' reads, one file per screen (reads/). */
export * from './reads/sources.ts';
export * from './reads/sales.ts';
export * from './reads/files.ts';
export * from './reads/detailed.ts';
export * from './reads/videos.ts';
