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
export type MessageAnswer = z.infer<typeof messageAnswer>;

export const isoDate = z.string().describe('ISO 8601 date-time, UTC');

/** Lists answer `{ data, meta: { page, per_page, total } }` (docs/product.md#conventions). */
export const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});

/**
 * Control characters (C0 with NUL, DEL, C1). PostgreSQL refuses NUL in text outright (the call would fail with a
 * 500 after validation let it through), and the others are invisible in a list or a log, where they hide what a
 * text says. Line breaks and tabs are allowed only in long texts (`multiline`).
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /(?![\n\r\t])\p{Cc}/u;

/**
 * A text a person typed (a reason, a name, a title, a body): trimmed, at least `min` (default 1) and at most
 * `max` characters, and no control characters (422 `validation:control_characters`), except line breaks and
 * tabs when `multiline`. Every text the operator API accepts is one of these.
 */
export function plainText(max: number, opts: { min?: number; multiline?: boolean } = {}) {
  const forbidden = opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL_CHARACTER;
  return z
    .string()
    .trim()
    .min(opts.min ?? 1)
    .max(max)
    .refine((s) => !forbidden.test(s), { message: 'validation:control_characters' });
}
