import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLang, type LangCode } from '@pc/core';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answers: X-Localization, else the user's lang, else Accept-Language. */
    lang: LangCode;
  }
}

/** The language of a request's answers from its headers (the session lookup then prefers the user's own). */
export function headerLang(request: FastifyRequest): LangCode {
  const header = request.headers['x-localization'];
  return pickLang(typeof header === 'string' ? header : undefined, request.headers['accept-language']);
}

/** `request.lang` on every request, from its headers. */
export const language = fp(async (app) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = headerLang(request);
  });
});
