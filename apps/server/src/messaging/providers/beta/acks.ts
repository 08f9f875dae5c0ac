import { proto } from 'baileys';
import { BoundedMap } from './bounded-map';

export type Ack = 1 | 2 | 3 | 4;

const Status = proto.WebMessageInfo.Status;

/** WhatsApp's message status on the spec's ack scale; ERROR and PENDING are not acks. */
export function ackOfStatus(status: number | null | undefined): Ack | undefined {
  switch (status) {
    case Status.SERVER_ACK:
      return 1;
    case Status.DELIVERY_ACK:
      return 2;
    case Status.READ:
      return 3;
    case Status.PLAYED:
      return 4;
    default:
      return undefined;
  }
}

/** Remembers the highest ack reported per message, so acks only ever go up (late receipts are dropped). */
export class AckTracker {
  readonly #highest = new BoundedMap<string, Ack>(20_000);

  /** True when `ack` raises the message's ack (and records it). */
  raise(wid: string, ack: Ack): boolean {
    const current = this.#highest.get(wid) ?? 0;
    if (ack <= current) return false;
    this.#highest.set(wid, ack);
    return true;
  }
}
