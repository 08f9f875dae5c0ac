import type { TenantTx } from '../../../platform/tenancy';
import type { ContactRow } from '../../contacts';
import type { TicketRow } from '../../tickets';

/** One message of a contact's send: a text, or a stored file with its caption. */
export interface CampaignPart {
  body: string;
  media?: { path: string; mimetype: string; fileName: string };
}

/** One contact's send of a batch. */
export interface CampaignSend {
  ticket: TicketRow;
  contact: ContactRow;
  parts: CampaignPart[];
}

/**
 * The port through which campaigns cause deliveries, handed in at wiring (modules never import messaging/): the
 * messages are stored in the contacts' tickets (origin campaign) and their outbox rows written in the caller's
 * transaction, so they commit together with the shipping rows that record them, or not at all.
 */
export interface CampaignOutbox {
  /**
   * Stores and queues the sends of one connection (behind its conversations); the caller holds the chats' locks.
   * Answers each send's stored message ids, in order.
   */
  store(tx: TenantTx, whatsappId: number, sends: CampaignSend[]): Promise<number[][]>;
  /** Cancel: withholds the messages' sends still queued (waiting for one in progress); answers how many. */
  hold(tx: TenantTx, messageIds: number[]): Promise<number>;
  /** Restart: queues the held sends again, and runs their connections' queues after commit. */
  release(tx: TenantTx, messageIds: number[]): Promise<void>;
  /** Delete: drops the held sends for good; their messages are kept as deleted. */
  drop(tx: TenantTx, messageIds: number[]): Promise<void>;
}
