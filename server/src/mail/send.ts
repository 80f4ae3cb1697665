import type { FastifyBaseLogger } from 'fastify';
import type { LangCode } from '@pc/core';
import type { AppContext } from '../context.ts';
import type { OutgoingMail } from './mailer.ts';
import { renderMail, type MailKind, type MailParams } from './templates.ts';

/**
 * Sends a localized mail. The outbox keeps every mail; a failing SMTP peer is logged and recorded on the
 * outbox row, the mail is sent again later (Mailer.deliverDue), and the request that caused it does not fail.
 */
export async function sendMail(
  ctx: AppContext,
  log: FastifyBaseLogger,
  lang: LangCode,
  kind: MailKind,
  to: string,
  params: MailParams = {},
  extra: Pick<OutgoingMail, 'unsubscribeUrl'> = {},
) {
  try {
    await ctx.mailer.send({ ...renderMail(lang, kind, to, params), ...extra });
  } catch (error) {
    log.warn({ err: error, kind }, 'mail not sent yet; it stays in the outbox and is tried again');
  }
}

/** An absolute link into the web app (PUBLIC_URL + path), as mails carry them. */
export function publicLink(ctx: AppContext, path: string): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
}
