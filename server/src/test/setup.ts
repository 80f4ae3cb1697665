import { afterAll } from 'vitest';
import { dropTestTemplates } from './harness.ts';

afterAll(async () => {
  await dropTestTemplates();
});
