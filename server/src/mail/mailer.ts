import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { systemClock, type Clock } from '../context.ts';
import { mails } from '../lib/metrics.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  lang: string;
  /**
   * An opt-in alert's one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post`, so mail clients offer their own unsubscribe button and it works without a page.
   */
  unsubscribeUrl?: string;
}

/** What one run of the delivery of due mails did. */
export interface DeliveryRun {
  sent: number;
  /** Attempts that failed and will be tried again. */
  retried: number;
  /** Mails given up after MAIL_MAX_ATTEMPTS failed attempts. */
  abandoned: number;
}

export interface Mailer {
  /**
   * Writes the mail to the outbox and, with SMTP, sends it at once. A failed attempt leaves it due for a later
   * one (`deliverDue`) and rejects, so the caller can log it; the mail itself is not lost.
   */
  send(mail: OutgoingMail): Promise<void>;
  /** Sends the mails that are due: failed before, or held by a process that died while sending them. */
  deliverDue(): Promise<DeliveryRun>;
}

/** Failed attempts after which a mail is given up (the last about six hours after the first). */
export const MAIL_MAX_ATTEMPTS = 12;
/** Mails taken per delivery run. */
const DELIVERY_BATCH = 50;

/** The wait before the next attempt after `attempts` failed ones: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * SMTP_URL with deadlines for connecting, the greeting and a silent socket, unless it sets its own (nodemailer
 * reads options from the URL's query): nodemailer's own wait up to ten minutes, and a mail held that long would
 * outlive its lease and be taken over while still being sent.
 */
export function withSmtpDeadlines(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const deadlines = { connectionTimeout: '15000', greetingTimeout: '15000', socketTimeout: '60000' };
  for (const [name, ms] of Object.entries(deadlines)) if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
  return url.toString();
}

/**
 * Every mail is written to the outbox table (the dev mailbox page reads it). With SMTP_URL set it is delivered from
 * there (decision 0170): the sending process holds the row for a lease, marks it sent when the SMTP peer has taken
 * it, and on a failure leaves it due again with a growing delay. A row whose lease ran out (the process died while
 * sending) is taken over by whichever process runs the delivery next. Each mail carries a Message-ID made from its
 * row, so the rare second delivery (the process died after the peer took the mail and before it was marked sent)
 * is the same message, which mail systems show once.
 */
export function createMailer(opts: { database: Database; smtpUrl?: string; from: string; clock?: Clock; leaseSeconds?: number }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(withSmtpDeadlines(opts.smtpUrl)) : undefined;
  const clock = opts.clock ?? systemClock;
  const leaseMs = (opts.leaseSeconds ?? 120) * 1000;
  const db = opts.database.db;
  const domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'localhost';
  /** Mails the peer took whose "sent" could not be written (the database was away): written at the next run. */
  const unconfirmed = new Map<number, Date>();

  async function markSent(id: number, at: Date) {
    try {
      // Sent: the bodies go, so the outbox keeps no live link (reset, confirmation, unblock) once the mail is on its
      // way; subject, kind, language and times stay for support. Without SMTP nothing is sent and the dev mailbox
      // reads the bodies.
      await db
        .update(mailOutbox)
        .set({ sentAt: at, error: null, nextAttemptAt: null, claimedUntil: null, textBody: '', htmlBody: '', unsubscribeUrl: null })
        .where(eq(mailOutbox.id, id));
      unconfirmed.delete(id);
    } catch {
      unconfirmed.set(id, at);
    }
  }

  /** One attempt at a mail this process holds. Resolves to whether the peer took it; a failure is recorded. */
  async function attempt(row: OutboxRow): Promise<{ sent: true } | { sent: false; error: Error; abandoned: boolean }> {
    try {
      await transport!.sendMail({
        from: opts.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`,
        ...(row.unsubscribeUrl
          ? { list: { unsubscribe: { url: row.unsubscribeUrl } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
    } catch (error) {
      const abandoned = row.attempts >= MAIL_MAX_ATTEMPTS;
      const now = clock.now();
      await db
        .update(mailOutbox)
        .set({
          error: (error as Error).message.slice(0, 500),
          nextAttemptAt: abandoned ? null : new Date(now.getTime() + retryDelayMs(row.attempts)),
          claimedUntil: null,
        })
        .where(eq(mailOutbox.id, row.id))
        .catch(() => undefined); // the database is away too: the lease runs out and the mail is due again
      mails.inc({ outcome: abandoned ? 'abandoned' : 'failed' });
      return { sent: false, error: error as Error, abandoned };
    }
    mails.inc({ outcome: 'sent' });
    await markSent(row.id, clock.now());
    return { sent: true };
  }

  return {
    async send(mail) {
      const now = clock.now();
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          kind: mail.kind,
          lang: mail.lang,
          createdAt: now,
          unsubscribeUrl: mail.unsubscribeUrl ?? null,
          // Held by this process from the start, so no delivery run sends it beside the attempt below.
          ...(transport ? { attempts: 1, nextAttemptAt: now, claimedUntil: new Date(now.getTime() + leaseMs) } : {}),
        })
        .returning();
      if (!transport) return;
      const result = await attempt(row!);
      if (!result.sent) throw result.error;
    },

    async deliverDue() {
      const run: DeliveryRun = { sent: 0, retried: 0, abandoned: 0 };
      if (!transport) return run;
      for (const [id, at] of [...unconfirmed]) await markSent(id, at);
      const now = clock.now();
      // Taken with SKIP LOCKED and a lease: two processes never take the same mail while its lease runs.
      const due = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          update mail_outbox set attempts = attempts + 1, claimed_until = ${new Date(now.getTime() + leaseMs)}
          where id in (
            select id from mail_outbox
            where next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
            order by next_attempt_at, id
            limit ${DELIVERY_BATCH}
            for update skip locked)
          returning id`),
      ).map((r) => Number(r.id));
      if (due.length === 0) return run;
      const rows = await db.select().from(mailOutbox).where(sql`${mailOutbox.id} in ${due}`).orderBy(mailOutbox.id);
      for (const row of rows) {
        const result = await attempt(row);
        if (result.sent) run.sent += 1;
        else if (result.abandoned) run.abandoned += 1;
        else run.retried += 1;
      }
      return run;
    },
  };
}
