import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { ChatDrainer } from './chat-drainer';

/**
 * Retries events left unprocessed (a crash between store and process, a failure, an ack that came before its
 * message): every `everyMs`, each chat with an event older than `graceMs` is drained again.
 */
export class InboundSweep {
  #timer: NodeJS.Timeout | undefined;
  #running = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly drainer: ChatDrainer,
    private readonly everyMs = 3000,
    private readonly graceMs = 2000,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.sweep(), this.everyMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async sweep(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      const chats = await this.ctx.scopes.asSystem((tx) =>
        tx.db
          .selectFrom('inboundEvents')
          .where('status', '=', 'received')
          .where('receivedAt', '<', sql<Date>`now() - ${`${this.graceMs} milliseconds`}::interval`)
          .select(['companyId', 'whatsappId', 'chatKey'])
          .distinct()
          .limit(500)
          .execute(),
      );
      for (const chat of chats) this.drainer.kick(chat);
    } catch (err) {
      this.ctx.log.error({ err }, 'inbound sweep failed');
    } finally {
      this.#running = false;
    }
  }
}
