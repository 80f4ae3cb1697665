import { z } from 'zod';

/**
 * Payout statements (decision 0205): the partner's business details (Settings), a PDF statement per completed
 * payout, and a yearly summary (PDF and CSV). Money is integer micro-USD; days are UTC.
 */
export { STATEMENT_PATHS, WEBMASTER_STATEMENT_PATHS } from './statements-paths.ts';

/** Whether a text has a control character other than the allowed ones (line breaks in an address). */
const hasControl = (v: string, allowed = '') =>
  [...v].some((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) && !allowed.includes(c));
/** A line of text without control characters. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControl(v), { message: 'invalid' });
/** Up to five lines (an address). */
const block = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControl(v, '\n') && v.split('\n').length <= 5, { message: 'invalid' });

/** Every field optional: empty text when not given. */
export const businessDetailsBody = z
  .object({
    name: line(120).default(''),
    address: block(300).default(''),
    tax_id: line(40).default(''),
    vat_number: line(40).default(''),
  })
  .strict();
export type BusinessDetailsBody = z.input<typeof businessDetailsBody>;

export const businessDetailsAnswer = z.object({
  name: z.string(),
  address: z.string(),
  tax_id: z.string(),
  vat_number: z.string(),
});
export type BusinessDetailsAnswer = z.infer<typeof businessDetailsAnswer>;
export const saveBusinessDetailsAnswer = businessDetailsAnswer.extend({ message: z.string() });

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export const statementParams = z.object({ id: z.string().max(40) });
export const yearlySummaryParams = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(STATEMENT_FORMATS),
});
