import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';
import { escapeHtml } from '../../mail/templates.ts';

const LIMIT = 200;

/** The links of a plain-text mail, in order, without duplicates. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

const messageRow = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});

/**
 * The development mailbox (never registered in production): every mail of the outbox, newest first, as a page
 * at /dev/mailbox and as JSON at /dev/mailbox/messages?to=<email> for tests and the simulator.
 */
export async function devMailRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.database;

  async function messages(to?: string) {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.toAddress, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(LIMIT);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      links: linksOf(r.textBody),
      created_at: r.createdAt.toISOString(),
    }));
  }

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(messageRow) },
      },
    },
    async (request) => messages(request.query.to),
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: z.object({ to: z.string().max(254).optional() }) } }, async (request, reply) => {
    const list = await messages(request.query.to);
    const items = list
      .map((m) => {
        const text = escapeHtml(m.text).replace(/https?:\/\/[^\s<>"')]+/g, (url) => `<a href="${url}">${url}</a>`);
        return `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>To: <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · ${escapeHtml(m.created_at)} · #${m.id}</small></header><pre>${text}</pre></article>`;
      })
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;background:#f2f3f8;color:#242939}article{background:#fff;padding:12px 16px;margin:0 0 12px;border-radius:6px}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body><h1>Dev mailbox</h1><p>${list.length} message(s)${request.query.to ? ` to ${escapeHtml(request.query.to)} · <a href="/dev/mailbox">all</a>` : ''}. Newest first. Not available in production.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
