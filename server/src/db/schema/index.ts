// One file per feature area; each migration in ../migrations has its tables here.
export * from './accounts.ts';
export * from './ledger.ts';
export * from './ingest.ts';
