import type { TenantTx } from '../../../platform/tenancy';
import type { upsertContact } from '../../contacts';
import type { TicketRow } from '../../tickets';

export type CampaignContact = Awaited<ReturnType<typeof upsertContact>>['contact'];

/** One message of a contact's send: a text, or a stored file with its caption. */
export interface CampaignPart {
  body: string;
  media?: { path: string; mimetype: string; fileName: string };
}

/**
 * The port through which campaigns cause deliveries, handed in at wiring (modules never import messaging/): the
 * messages are stored in the contact's ticket (origin campaign) and their outbox rows written in the caller's
 * transaction, so they commit together with the shipping row that records them, or not at all.
 */
export interface CampaignOutbox {
  /** Serialises with the chat's inbound processing; taken before the contact's and ticket's rows. */
  lockChat(tx: TenantTx, whatsappId: number, chatKey: string): Promise<void>;
  /** Stores and queues the parts; answers the stored messages' ids in order. */
  store(
    tx: TenantTx,
    input: { ticket: TicketRow; contact: CampaignContact; parts: CampaignPart[] },
  ): Promise<number[]>;
}
