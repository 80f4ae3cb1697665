export * from './locales.ts';
export * from './projects.ts';
export * from './money.ts';
export * from './errors.ts';
