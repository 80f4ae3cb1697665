import type { ErrorCode } from '@pc/core';

export interface LocalizedText {
  /** Translation key, `namespace:key`. */
  key: string;
  params?: Record<string, unknown>;
}

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  cross_site_request: 403,
  operations_are_frozen: 403,
  need_security_code: 403,
  need_security_password: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/**
 * An error meant for the client: a code from the closed set, a localized message and, for 422, messages per
 * field. Anything thrown that is not an AppError answers a generic 500.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly text: LocalizedText = { key: `errors:${code}` },
    readonly fields?: Record<string, LocalizedText[]>,
    readonly extra?: Record<string, string>,
    /** Response headers the answer needs (e.g. Retry-After of a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(text.key);
    this.status = STATUS[code];
  }
}

/** A 422 with one message on one field: the usual answer to bad form input. */
export function fieldError(field: string, key: string, params?: Record<string, unknown>): AppError {
  return new AppError('validation_failed', { key: 'errors:validation_failed' }, { [field]: [{ key, params }] });
}

export const unauthorized = () => new AppError('unauthorized');
export const notFound = () => new AppError('not_found');
