import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Scopes } from '../tenancy';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  companyId?: number | null;
  /** The body holds a secret (a reset code): never logged, and dropped from the outbox once delivered. */
  sensitive?: boolean;
}

const REDACTED_BODY = '[secret removed once sent or failed]';

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it the mail is kept in the mail outbox table (the
 * offline demo and the tests read reset codes there) and a log line says so.
 */
export class Mailer {
  readonly #transport: Transporter | undefined;
  constructor(
    private readonly scopes: Scopes,
    private readonly log: Logger,
    private readonly from: string,
    smtpUrl: string | undefined,
    /** Outside production the offline demo shows kept mail, codes included, in the log (issue: demo works offline). */
    private readonly logKeptSecrets = false,
  ) {
    // Short timeouts: a request waits for the delivery, and a dead SMTP server must not hang it.
    this.#transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : undefined;
  }

  async send(message: MailMessage): Promise<void> {
    const id = await this.scopes.asSystem(async (tx) => {
      const row = await tx.db
        .insertInto('mailOutbox')
        .values({
          companyId: message.companyId ?? null,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          status: this.#transport ? 'pending' : 'kept',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    if (!this.#transport) {
      const summary = { mailId: id, to: message.to, subject: message.subject };
      if (message.sensitive && !this.logKeptSecrets) {
        this.log.info(summary, 'mail kept in the mail_outbox table (no SMTP_URL)');
      } else this.log.info(summary, `mail kept in outbox:\n${message.text}`);
      return;
    }
    try {
      await this.#transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await this.mark(id, { status: 'sent', sentAt: new Date(), error: null }, message.sensitive);
    } catch (error) {
      this.log.error({ err: error, mailId: id }, 'mail delivery failed');
      await this.mark(id, { status: 'failed', sentAt: null, error: String(error) }, message.sensitive);
      throw error;
    }
  }

  private async mark(
    id: number,
    outcome: { status: 'sent' | 'failed'; sentAt: Date | null; error: string | null },
    sensitive = false,
  ): Promise<void> {
    // A failed sensitive mail is dropped too: its secret is useless to the operator and risky to keep.
    const body = sensitive ? { textBody: REDACTED_BODY } : {};
    await this.scopes.asSystem((tx) =>
      tx.db
        .updateTable('mailOutbox')
        .set({ ...outcome, ...body })
        .where('id', '=', id)
        .execute(),
    );
  }
}
