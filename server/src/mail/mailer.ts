import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';

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

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Every mail is written to the outbox table (the dev mailbox page reads it). With SMTP_URL set it is also
 * sent over SMTP, and the row records when it was sent or why it failed.
 */
export function createMailer(opts: { database: Database; smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await opts.database.db
        .insert(mailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: mail.kind, lang: mail.lang })
        .returning({ id: mailOutbox.id });
      if (!transport) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.unsubscribeUrl
            ? { list: { unsubscribe: { url: mail.unsubscribeUrl } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
            : {}),
        });
        await opts.database.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        await opts.database.db
          .update(mailOutbox)
          .set({ error: (error as Error).message.slice(0, 500) })
          .where(eq(mailOutbox.id, row!.id));
        throw error;
      }
    },
  };
}
