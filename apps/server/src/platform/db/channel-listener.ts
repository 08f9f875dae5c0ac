import pg from 'pg';
import { APP_ROLE_OPTION } from './database';

export interface ListenerLog {
  warn(obj: object, msg?: string): void;
}

/**
 * One connection on LISTEN for a channel, re-opened after a drop. Only an accelerator: whoever listens also
 * polls, so a notification lost while reconnecting delays work by one poll interval, never loses it.
 */
export class ChannelListener {
  #client: pg.Client | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly log: ListenerLog,
  ) {}

  async start(): Promise<void> {
    if (this.#closed || this.#client) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, options: APP_ROLE_OPTION });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload ?? '');
    });
    client.on('error', (error) => this.#reopen(client, error));
    client.on('end', () => this.#reopen(client, undefined));
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      this.#reopen(client, error);
    }
  }

  async stop(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #reopen(client: pg.Client, error: unknown): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    this.log.warn({ err: error, channel: this.channel }, 'LISTEN connection lost; polling until it is back');
    void client.end().catch(() => undefined);
    this.#retry = setTimeout(() => void this.start(), 1000);
    this.#retry.unref();
  }
}
