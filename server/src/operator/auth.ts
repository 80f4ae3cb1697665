import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator's name from the X-Operator header, on operator API requests. */
    operator: string;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of a presented bearer token with the configured one (hashes have equal length). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

const OPERATOR_NAME = /^[\p{L}\p{N} ._@-]{1,100}$/u;

/** onRequest hook of the operator API: Bearer OPERATOR_TOKEN and a non-empty X-Operator name. */
export function operatorAuth(expectedToken: string) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
    if (!match || !tokenMatches(match[1]!, expectedToken)) throw new AppError('unauthorized');
    const name = request.headers['x-operator'];
    const operator = typeof name === 'string' ? name.trim() : '';
    if (!OPERATOR_NAME.test(operator)) throw new AppError('bad_request', { key: 'operator:missing_operator' });
    request.operator = operator;
  };
}
