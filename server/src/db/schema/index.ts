// One file per feature area; each migration in ../migrations has its tables here.
export * from './accounts.ts';
export * from './ledger.ts';
export * from './ingest.ts';
export * from './webmaster.ts';
export * from './alerts.ts';
export * from './postbacks.ts';
export * from './plans.ts';
export * from './staff.ts';
export * from './console.ts';
export * from './second-factor.ts';
export * from './auto-payouts.ts';
export * from './statements.ts';
