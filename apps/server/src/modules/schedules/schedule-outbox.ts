import type { TenantTx } from '../../platform/tenancy';
import type { ContactRow } from '../contacts/contacts.presenter';
import type { TicketRow } from '../tickets';

/** An attachment already in storage. */
export interface ScheduleMedia {
  path: string;
  fileName: string;
  mimetype: string;
}

/**
 * How the schedule sender causes a delivery without knowing the messaging layer (handed over at wiring): the
 * message is stored in the ticket and queued in the same transaction as the schedule's ENVIADA, so it goes
 * exactly once or not at all.
 */
export interface ScheduleOutbox {
  /** Serialises the contact's chat on the connection (inbound processing takes the same lock). */
  lockChat(tx: TenantTx, whatsappId: number, contact: ContactRow): Promise<void>;
  /**
   * Renders `template` with the message variables (server-behaviour 1.9) for the contact and ticket, stores it
   * as ours with origin `schedule` and queues its delivery; answers the ticket as the message left it.
   */
  store(
    tx: TenantTx,
    input: { ticket: TicketRow; contact: ContactRow; template: string; media?: ScheduleMedia },
  ): Promise<TicketRow>;
}

const VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;

/**
 * The variable helper writes `{{firstName}}`; a single-brace `{firstName}` of the known names is taken the same
 * way, so either spelling renders at send time.
 */
export function normaliseVariables(text: string): string {
  const names = VARIABLES.join('|');
  return text.replace(new RegExp(`(?<!\\{)\\{(${names})\\}(?!\\})`, 'g'), '{{$1}}');
}
