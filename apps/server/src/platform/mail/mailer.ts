import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Scopes } from '../tenancy';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  companyId?: number | null;
}

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it the mail is kept in the mail outbox table and
 * its text logged, so the offline demo (and the tests) can still read password reset codes.
 */
export class Mailer {
  readonly #transport: Transporter | undefined;
  constructor(
    private readonly scopes: Scopes,
    private readonly log: Logger,
    private readonly from: string,
    smtpUrl: string | undefined,
  ) {
    this.#transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
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
      this.log.info(
        { mailId: id, to: message.to, subject: message.subject },
        `mail kept in outbox:\n${message.text}`,
      );
      return;
    }
    try {
      await this.#transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await this.mark(id, 'sent', null);
    } catch (error) {
      this.log.error({ err: error, mailId: id }, 'mail delivery failed');
      await this.mark(id, 'failed', String(error));
      throw error;
    }
  }

  private async mark(id: number, status: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.scopes.asSystem((tx) =>
      tx.db
        .updateTable('mailOutbox')
        .set({ status, error, sentAt: status === 'sent' ? new Date() : null })
        .where('id', '=', id)
        .execute(),
    );
  }
}
