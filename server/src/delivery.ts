import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { relative, sep } from 'node:path';

/**
 * How answers travel: the built web app's files compressed once at build time and cached by what their names
 * promise, the app's own answers compressed on the fly when they are large enough to gain from it (decision 0171).
 * The server is the whole production story (no proxy in front), so this is where both happen.
 */

/**
 * Answers smaller than this go out as they are: below about a kilobyte the compressed answer saves less than a
 * round trip's worth of bytes and the encoding's framing eats part of that.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The siblings the web build writes next to each text file (web/vite.config.ts): Brotli, then gzip. */
const COMPRESSED_SIBLING = /\.(br|gz)$/;

/**
 * A file whose name carries its content's hash (Vite's `assets/<name>-<hash>.<ext>`, the hash eight characters
 * of base64url): a new content gets a new name, so the browser may keep it for good. Anything else in the build
 * (the HTML shells, the favicon) keeps its name across deployments and must be checked again.
 */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the build, by its path inside it (a compressed sibling counts as its original). */
export function cacheControlOf(pathInDist: string): string {
  const original = pathInDist.split(sep).join('/').replace(COMPRESSED_SIBLING, '');
  return HASHED_ASSET.test(original) ? IMMUTABLE : REVALIDATE;
}

/**
 * Types worth compressing on the fly: text, JSON and XML. Not octet-stream (the plugin's default includes it),
 * which may hold bytes compressed already; images, archives and fonts are compressed in their own formats.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(json|xml|javascript|[\w.-]+\+(json|xml))(;|$)|^image\/svg\+xml(;|$)/;

export interface DeliveryOptions {
  /** The built web app's folder, or null when there is none to serve (an API-only server, tests). */
  webDist: string | null;
}

async function delivery(app: FastifyInstance, opts: DeliveryOptions) {
  if (opts.webDist) {
    const root = opts.webDist;
    await app.register(fastifyStatic, {
      root,
      // Every file gets a route of its own; the app's pages are the not-found handler's (app/web.ts).
      wildcard: false,
      index: false,
      // The .br and .gz siblings are sent in their original's place, never under their own names; the prerendered
      // guest pages only in the shell's place (app/web.ts).
      globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**'],
      // A sibling the browser accepts (q-values honoured; Brotli before gzip at equal weight) is sent with its
      // Content-Encoding, the file itself otherwise, and every answer says it varies with Accept-Encoding.
      preCompressed: true,
      // send's own Cache-Control would be one rule for every file; setHeaders says it per file instead. The ETag
      // (size and time of the file sent, so each encoding has its own) answers a revalidation with a 304.
      cacheControl: false,
      etag: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlOf(relative(root, path)));
      },
    });
  }
  // Registered after the web files' routes, so that its hook goes only on the routes added from here on (the
  // API's): the files were compressed at build time, and sending them through it again could only cost time.
  // A reply that already carries a Content-Encoding is left as it is, so nothing is compressed twice.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Request bodies are read as sent: compressed uploads would be a new way around the body limits.
    globalDecompression: false,
  });
}

/** Registered on the app itself (not encapsulated): the static routes, reply.sendFile and the compression hook. */
export const deliveryPlugin = fp(delivery, { name: 'delivery' });
