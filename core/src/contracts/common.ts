import { z } from 'zod';
import { LANG_CODES } from '../locales.ts';
import { PROJECTS } from '../projects.ts';

/** Form-encoded posts carry booleans as strings; JSON carries them as booleans. Both are accepted. */
export const formBool = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(s)) return true;
    if (['false', '0', 'off', 'no', ''].includes(s)) return false;
  }
  return v;
}, z.boolean());

export const emailSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());

export const langSchema = z.enum(LANG_CODES);
export const projectSchema = z.enum(PROJECTS);

/** The common answer of an action that only reports success with a localized message. */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });

export const isoDate = z.string().describe('ISO 8601 date-time, UTC');

/** Lists answer `{ data, meta: { page, per_page, total } }` (DESIGN.md, Contracts). */
export const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});
