/**
 * The one HTTP layer of the app: base /api, same-origin cookies, form-encoded POST by default,
 * the interface language in X-Localization. Errors come back as ApiRequestError; what they cause
 * (sign-out, dialogs) is decided in one place, the query client (app/query-client.ts).
 */
import type { ErrorCode } from '@pc/core/errors';

export const API_BASE = '/api';

/** The API's error codes (core's closed set), and `network` for a request that got no answer at all. */
export type ApiErrorCode = ErrorCode | 'network';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | string;
  readonly errors: Record<string, string[]>;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    const message = typeof body.message === 'string' ? body.message : '';
    super(message || `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : status === 0 ? 'network' : '';
    this.errors = isFieldErrors(body.errors) ? body.errors : {};
    this.body = body;
  }

  /** The server's localized message, when it sent one. */
  get serverMessage(): string {
    return typeof this.body.message === 'string' ? this.body.message : '';
  }
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => Array.isArray(v));
}

export function isApiError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

type Primitive = string | number | boolean | null | undefined;
export type FormBody = Record<string, Primitive>;

export interface RequestOptions {
  query?: Record<string, Primitive>;
  /** Send the body as JSON instead of form-encoded. */
  json?: boolean;
  signal?: AbortSignal;
}

let currentLang = 'en';
/** i18n calls this whenever the interface language changes. */
export function setRequestLanguage(lang: string) {
  currentLang = lang;
}
export function requestLanguage() {
  return currentLang;
}

function buildUrl(base: string, path: string, query?: Record<string, Primitive>): string {
  const url = `${base}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function encodeForm(body: FormBody): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  return params;
}

async function request<T>(base: string, method: string, path: string, body?: FormBody, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Localization': currentLang };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (opts.json) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      payload = encodeForm(body);
    }
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(base, path, opts.query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiRequestError(0, { code: 'network' });
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    throw new ApiRequestError(response.status, typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {});
  }
  return data as T;
}

/**
 * The calls of one API under `base`. `defaults` applies to every call (the operator console's API takes JSON
 * bodies only, the partner API form-encoded ones by default).
 */
export function createHttp(base: string, defaults: Pick<RequestOptions, 'json'> = {}) {
  const withDefaults = (opts?: RequestOptions): RequestOptions => ({ ...defaults, ...opts });
  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>(base, 'GET', path, undefined, withDefaults(opts)),
    post: <T>(path: string, body: FormBody = {}, opts?: RequestOptions) => request<T>(base, 'POST', path, body, withDefaults(opts)),
    put: <T>(path: string, body: FormBody = {}, opts?: RequestOptions) => request<T>(base, 'PUT', path, body, withDefaults(opts)),
    patch: <T>(path: string, body: FormBody = {}, opts?: RequestOptions) => request<T>(base, 'PATCH', path, body, withDefaults(opts)),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>(base, 'DELETE', path, undefined, withDefaults(opts)),
  };
}
export type Http = ReturnType<typeof createHttp>;

export const http = createHttp(API_BASE);
