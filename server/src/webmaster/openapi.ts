import { z } from 'zod';
import { API_KEY_PREFIX, WEBMASTER_PATHS } from '@pc/core';

/**
 * The webmaster API's own OpenAPI 3.1 document, built from the schemas of its routes (and nothing else: the
 * cabinet's internal API is not in it). Decision 0122.
 */

export interface DocumentedRoute {
  method: string;
  /** The full path, e.g. /webmaster/v1/balance. */
  url: string;
  schema?: { summary?: string; description?: string; querystring?: z.ZodType; response?: Record<number, z.ZodType> };
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[]; description?: string };

const json = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
};

/** The query schema's fields as OpenAPI query parameters. */
export function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const object = json(schema, 'input');
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'unauthorized, forbidden, validation_failed, rate_limited, …' },
    message: { type: 'string', description: 'In the language of Accept-Language (or X-Localization).' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: '422: messages per field' },
  },
};

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function webmasterOpenApi(opts: { origin: string; routes: DocumentedRoute[]; perMinute: number }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...opts.routes].sort((a, b) => a.url.localeCompare(b.url))) {
    const method = route.method.toLowerCase();
    const ok = route.schema?.response?.[200];
    const hasProject = Boolean(queryParameters(route.schema?.querystring).find((p) => p.name === 'app'));
    paths[route.url] = {
      ...paths[route.url],
      [method]: {
        operationId: `${method}${route.url.replace(WEBMASTER_PATHS.prefix, '').replace(/(^|[/_-])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
        summary: route.schema?.summary,
        description: route.schema?.description,
        tags: ['webmaster'],
        parameters: queryParameters(route.schema?.querystring),
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: ok ? json(ok, 'output') : {} } } },
          401: errorResponse('No key, a wrong key or a revoked key.'),
          ...(hasProject ? { 403: errorResponse("The partner's programme in this project is not activated.") } : {}),
          ...(route.schema?.querystring ? { 422: errorResponse('A query parameter is not valid.') } : {}),
          429: errorResponse(`More than ${opts.perMinute} calls in a minute with this key.`, {
            'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
          }),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Cabinet webmaster API',
      version: '1.0.0',
      description:
        `Read-only access to your own statistics, earnings, balance and payouts. Send your personal key (it starts with ` +
        `\`${API_KEY_PREFIX}\`; create it on the API key page of the cabinet) as \`Authorization: Bearer <key>\`. ` +
        `Money is integer micro-USD (1 USD = 1,000,000); days are UTC, written YYYY-MM-DD. At most ${opts.perMinute} calls ` +
        `per minute per key.`,
    },
    servers: [{ url: new URL(opts.origin).origin }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'webmaster', description: 'Your own data, read-only.' }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: `Your personal API key (${API_KEY_PREFIX}…).` } },
      schemas: { Error: errorSchema },
    },
  };
}
