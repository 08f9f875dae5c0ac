// The built-in simulator as the customer's side of a conversation: a simulator connection scanned by the fake
// phone, and a customer who writes to it (POST /simulator/connections/:id/inbound) and reads what our side
// sent back (GET /simulator/connections/:id/outbox, oldest first).
import { expect } from 'vitest';
import { api } from './api';

/** A customer number nobody else in the run uses (Brazilian mobile, 13 digits). */
export const customerNumber = (): string =>
  `55119${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/**
 * Creates a simulator connection with the given fields (POST /whatsapp), scans its QR code with the fake
 * phone once the session shows one, and waits until it is CONNECTED. Answers its id.
 */
export async function connectSimulator(token: string, fields: Record<string, unknown>): Promise<number> {
  const { id } = await api<{ id: number }>(token, 'POST', '/whatsapp', { ...fields, provider: 'simulator' });
  // Scanning before the session has produced its QR code is refused: retry until it is accepted.
  await expect
    .poll(
      () =>
        api(token, 'POST', `/simulator/connections/${id}/scan`).then(
          () => 'scanned',
          (error: unknown) => String(error),
        ),
      { timeout: 30_000, interval: 1000 },
    )
    .toBe('scanned');
  await expect
    .poll(async () => (await api<{ status: string }>(token, 'GET', `/whatsapp/${id}`)).status, {
      timeout: 30_000,
    })
    .toBe('CONNECTED');
  return id;
}

interface OutboxItem {
  body: string;
  type: string;
}

/** A customer writing to one simulator connection; remembers how much of its outbox was already read. */
export class SimulatedCustomer {
  private read = 0;

  constructor(
    private readonly token: string,
    private readonly connectionId: number,
    readonly number: string,
    readonly name: string,
  ) {}

  /** Everything our side sent to this customer so far, oldest first. */
  async received(): Promise<string[]> {
    const items = await api<OutboxItem[]>(
      this.token,
      'GET',
      `/simulator/connections/${this.connectionId}/outbox?to=${this.number}`,
    );
    return items.map((item) => item.body);
  }

  /** The customer sends a text (or places a call with `type: 'call'`), privately or in a group (its id). */
  async send(body: string, type: 'text' | 'call' = 'text', group?: string): Promise<void> {
    await api(this.token, 'POST', `/simulator/connections/${this.connectionId}/inbound`, {
      from: this.number,
      name: this.name,
      body,
      type,
      ...(group ? { group } : {}),
    });
  }

  /**
   * Waits until `count` more messages than already read have reached the phone and answers exactly those
   * (so a test sees every reply, and an unexpected extra one shows up in the next read).
   */
  async nextReplies(count = 1): Promise<string[]> {
    let bodies: string[] = [];
    await expect
      .poll(
        async () => {
          bodies = await this.received();
          return bodies.length;
        },
        { timeout: 20_000, message: `${count} more message(s) to ${this.number}` },
      )
      .toBeGreaterThanOrEqual(this.read + count);
    const fresh = bodies.slice(this.read, this.read + count);
    this.read += count;
    return fresh;
  }

  /** Sends a text and answers the one reply it gets. */
  async ask(body: string): Promise<string> {
    await this.send(body);
    const [reply] = await this.nextReplies(1);
    return reply ?? '';
  }

  /** Asserts that nothing beyond what was already read has reached the phone. */
  async expectNothingNew(): Promise<void> {
    expect((await this.received()).slice(this.read)).toEqual([]);
  }
}
