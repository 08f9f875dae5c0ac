import type { Selectable } from 'kysely';
import type { OutboxTable } from '../../platform/db/schema';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';
import { findMessage, type MessageRow } from '../../modules/messages';
import { lockChat } from '../../modules/contacts';
import type { ProviderSession, SendCommand } from '../providers';
import type { OutboxTask } from './outbox-tasks';

export type OutboxRow = Selectable<OutboxTable>;
export type SendTask = Extract<OutboxTask, { kind: 'send' }>;

export interface ExecuteResult {
  /** Messages whose answer changed (wid and ack, media ready): their update events go out after commit. */
  changedMessageIds: number[];
  /** The wid a send got, so acks that arrived before it was stored can be applied. */
  sentWid?: string;
}

/**
 * Runs one task against the live session inside the caller's transaction (the outbox row is locked, and a send
 * also holds the chat's lock so WhatsApp's echo of it waits until its wid is stored).
 */
export async function executeTask(
  tx: TenantTx,
  session: ProviderSession,
  storage: MediaStorage,
  row: OutboxRow,
  task: OutboxTask,
): Promise<ExecuteResult> {
  switch (task.kind) {
    case 'send':
      return send(tx, session, storage, row.whatsappId, task);
    case 'download': {
      const message = await findMessage(tx, task.messageId);
      if (!message) return { changedMessageIds: [] };
      const file = await session.downloadMedia(task.media);
      const name = file.fileName ?? task.media.fileName ?? defaultName(file.mimetype);
      const stored = await storage.save(tx.companyId, 'messages', name, file.data);
      await tx
        .updateTable('messages')
        .set({ mediaPath: stored.relativePath, mediaName: name, updatedAt: new Date() })
        .where('id', '=', message.id)
        .execute();
      return { changedMessageIds: [message.id] };
    }
    case 'markRead':
      await session.markRead(task.chatId, task.wids);
      return { changedMessageIds: [] };
    case 'rejectCall':
      await session.rejectCall?.(task.callId, task.from);
      return { changedMessageIds: [] };
    case 'presence':
      await session.sendPresence?.(task.chatId, task.state);
      return { changedMessageIds: [] };
  }
}

async function send(
  tx: TenantTx,
  session: ProviderSession,
  storage: MediaStorage,
  whatsappId: number,
  task: SendTask,
): Promise<ExecuteResult> {
  await lockChat(tx, whatsappId, task.chatId);
  const message = await findMessage(tx, task.messageId);
  // Deleted before it left, or already sent by an attempt whose bookkeeping was lost: nothing to do.
  if (!message || message.isDeleted || message.wid !== null) return { changedMessageIds: [] };
  const quoted = message.quotedMsgId === null ? undefined : await findMessage(tx, message.quotedMsgId);
  const command = sendCommandOf(task, storage, quoted);
  const { wid } = await session.send(command, String(message.id));
  await tx
    .updateTable('messages')
    .set((eb) => ({
      wid,
      ack: eb.fn('greatest', [eb.ref('ack'), eb.lit(1)]),
      sendError: null,
      updatedAt: new Date(),
    }))
    .where('id', '=', message.id)
    .execute();
  return { changedMessageIds: [message.id], sentWid: wid };
}

/** The message to quote, when it was sent (a quote needs its wid). */
export type QuotedMessage = Pick<MessageRow, 'wid' | 'fromMe' | 'body'>;

/** What the provider is asked to send for a `send` task: its text or media, and the quoted message if it has a wid. */
export function sendCommandOf(
  task: SendTask,
  storage: MediaStorage,
  quoted: QuotedMessage | undefined,
): SendCommand {
  const command: SendCommand = { to: task.chatId };
  if (task.text !== undefined) command.text = task.text;
  if (task.media) {
    command.media = {
      path: storage.absolutePath(task.media.path),
      mimetype: task.media.mimetype,
      fileName: task.media.fileName,
      ...(task.media.caption ? { caption: task.media.caption } : {}),
      ...(task.media.voiceNote ? { voiceNote: true } : {}),
    };
  }
  if (quoted?.wid) command.quoted = { wid: quoted.wid, fromMe: quoted.fromMe, text: quoted.body };
  return command;
}

function defaultName(mimetype: string): string {
  const [major = 'file', minor = 'bin'] = mimetype.split(';')[0]?.split('/') ?? [];
  return `${major}.${minor.replace(/[^a-z0-9]/gi, '') || 'bin'}`;
}
