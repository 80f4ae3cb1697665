import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * How answers are written. Holding every answer against its contract (zod encode) costs a read call most of its
 * time once the answer has hundreds of rows, and the services build their answers in the contract's shape
 * already. So the app writes answers as they are; under tests (`check`) each one is encoded by its contract and
 * must come out exactly as built — nothing the contract would drop, convert or refuse — so a service that strays
 * from its contract fails its tests instead of being quietly corrected in production.
 */
export function answerSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const contract = contractOf(schema);
    if (!check || !contract) return (data) => JSON.stringify(data);
    return (data) => {
      const result = safeEncode(contract, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const written = JSON.stringify(data);
      const where = firstDifference(JSON.parse(JSON.stringify(result.data)), JSON.parse(written), '');
      if (where !== null) {
        throw new Error(`${method} ${url}: the answer differs at "${where}" from what its contract makes of it (a field too many, or one it converts)`);
      }
      return written;
    };
  };
}

function contractOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  if (schema && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof $ZodType) return schema.properties;
  return null;
}

/** The path of the first place two JSON values differ, or null when they are equal (object key order aside). */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return path || '.';
}
