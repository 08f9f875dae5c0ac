import type { Control, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  connectionDefaults,
  CreateWhatsappInput,
  UpdateWhatsappInput,
  type ProviderKindValue,
  type WhatsappView,
} from '@zapdesk/contracts';
import type { z } from 'zod';

/** The connection form as the inputs hold it: numbers and optional references as text ('' = none). */
export interface ConnectionFormValues {
  name: string;
  provider: ProviderKindValue;
  isDefault: boolean;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: string;
  timeUseBotQueues: string;
  maxUseBotQueues: string;
  timeToTransfer: string;
  transferQueueId: string;
  promptId: string;
  integrationId: string;
  token: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** What the form sends: an edit's fields (a new connection's are the same set, all present). */
export type ConnectionPayload = z.output<typeof UpdateWhatsappInput>;

/** A new connection: the defaults of spec 1 section 9. */
export const emptyConnectionForm: ConnectionFormValues = {
  name: '',
  provider: connectionDefaults.provider,
  isDefault: false,
  queueIds: [],
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: String(connectionDefaults.expiresTicket),
  timeUseBotQueues: String(connectionDefaults.timeUseBotQueues),
  maxUseBotQueues: String(connectionDefaults.maxUseBotQueues),
  timeToTransfer: '0',
  transferQueueId: '',
  promptId: '',
  integrationId: '',
  token: '',
  phoneNumberId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
};

const refText = (id: number | null) => (id === null ? '' : String(id));

/** A stored connection in the form; the cloud credentials are write-only and start blank. */
export function toFormValues(view: WhatsappView): ConnectionFormValues {
  return {
    ...emptyConnectionForm,
    name: view.name,
    provider: view.provider,
    isDefault: view.isDefault,
    queueIds: view.queues.map((queue) => queue.id),
    greetingMessage: view.greetingMessage,
    complationMessage: view.complationMessage,
    outOfHoursMessage: view.outOfHoursMessage,
    ratingMessage: view.ratingMessage,
    expiresInactiveMessage: view.expiresInactiveMessage,
    expiresTicket: String(view.expiresTicket),
    timeUseBotQueues: String(view.timeUseBotQueues),
    maxUseBotQueues: String(view.maxUseBotQueues),
    timeToTransfer: String(view.timeToTransfer),
    transferQueueId: refText(view.transferQueueId),
    promptId: refText(view.promptId),
    integrationId: refText(view.integrationId),
    token: view.token ?? '',
  };
}

/**
 * The contract's rules: a new cloud connection needs every credential, an edit keeps the stored ones when
 * they are left blank.
 */
export function connectionResolver(
  editing: boolean,
): Resolver<ConnectionFormValues, unknown, ConnectionPayload> {
  // The contract schemas take loose input (text for numbers); the form's typed values are a subset of it.
  return (editing ? zodResolver(UpdateWhatsappInput) : zodResolver(CreateWhatsappInput)) as Resolver<
    ConnectionFormValues,
    unknown,
    ConnectionPayload
  >;
}

/** A fresh API token for the connection (saved with the form). */
export function newConnectionToken(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export type ConnectionFormControl = Control<ConnectionFormValues, unknown, ConnectionPayload>;
