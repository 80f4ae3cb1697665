import { z } from 'zod';

/** The closed set of error codes the API answers with (docs/product.md#errors). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'cross_site_request',
  'operations_are_frozen',
  'need_security_code',
  'need_security_password',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  changed_at: z.string().optional(),
  allowed_at: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
