import type { SimulatorInboundInput, SimulatorOutboxItem } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import type { TenantScope } from '../../../platform/tenancy';
import { createAuthState, type Sessions } from '../../sessions';
import { checkSimulatedNumber, simulatedOwnNumber } from './numbers';
import { writePairing } from './pairing';
import { sampleMedia, sampleVcard } from './samples';
import { listOutbox, newExternalId, recordInbound, type NewSimulatorMessage } from './simulator.repository';

const DEFAULT_LOCATION = { latitude: -23.5505, longitude: -46.6333, name: 'Praça da Sé, São Paulo' };

/** The company's simulator connection's status; 404 when the simulator is off or the id is not one. */
async function simulatorConnection(ctx: AppContext, scope: TenantScope, whatsappId: number) {
  if (!ctx.config.simulatorEnabled) throw AppError.notFound();
  const row = await scope.run((tx) =>
    tx.selectFrom('whatsapps').where('id', '=', whatsappId).select(['provider', 'status']).executeTakeFirst(),
  );
  if (row?.provider !== 'simulator') throw AppError.notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** The fake phone scans the QR code on screen: PAIRING, then CONNECTED with a fake number. */
export async function scanQrCode(
  ctx: AppContext,
  sessions: Sessions,
  scope: TenantScope,
  whatsappId: number,
) {
  const connection = await simulatorConnection(ctx, scope, whatsappId);
  if (connection.status !== 'qrcode') {
    throw new AppError('ERR_VALIDATION', 'The connection is not showing a QR code', {
      fields: { status: `Status is ${connection.status}` },
    });
  }
  const number = simulatedOwnNumber(whatsappId);
  await writePairing(createAuthState(scope, whatsappId), number);
  await sessions.wake(scope.companyId, whatsappId);
  return { message: 'QR code scanned', number };
}

/** A customer sends a message (or calls): stored on the network, then emitted by the owning session. */
export async function playInbound(
  ctx: AppContext,
  sessions: Sessions,
  scope: TenantScope,
  whatsappId: number,
  input: SimulatorInboundInput,
): Promise<{ externalId: string }> {
  const connection = await simulatorConnection(ctx, scope, whatsappId);
  if (connection.status !== 'CONNECTED') {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The simulator connection is not connected');
  }
  const externalId = input.externalId ?? newExternalId('in');
  const stored = await recordInbound(scope, whatsappId, externalId, inboundValues(input));
  if (!stored) {
    throw AppError.validation({ externalId: 'This id belongs to a message the connection sent' });
  }
  await sessions.wake(scope.companyId, whatsappId);
  return { externalId };
}

function inboundValues(input: SimulatorInboundInput): NewSimulatorMessage {
  const media = ['image', 'audio', 'video', 'document'].includes(input.type)
    ? (input.media ?? sampleMedia(input.type))
    : undefined;
  const name = input.name ?? input.from;
  let body = input.body ?? '';
  if (input.type === 'vcard' && body.trim() === '') body = sampleVcard(name, input.from);
  return {
    peer: input.from,
    groupId: input.group ?? null,
    type: input.type,
    body,
    pushName: input.name ?? null,
    mediaFileName: media?.fileName ?? null,
    mediaMimetype: media?.mimetype ?? null,
    // Canonical base64, so sizes computed from its length are exact.
    mediaBase64: media ? Buffer.from(media.base64, 'base64').toString('base64') : null,
    location: input.type === 'location' ? JSON.stringify(input.location ?? DEFAULT_LOCATION) : null,
    quotedExternalId: input.quotedExternalId ?? null,
  };
}

/** What our side sent to a number (as typed or as WhatsApp normalises it), oldest first. */
export async function readOutbox(
  ctx: AppContext,
  scope: TenantScope,
  whatsappId: number,
  to: string,
): Promise<SimulatorOutboxItem[]> {
  await simulatorConnection(ctx, scope, whatsappId);
  const normalized = checkSimulatedNumber(to).number;
  const rows = await listOutbox(scope, whatsappId, normalized && normalized !== to ? [to, normalized] : [to]);
  return rows.map((row) => ({
    externalId: row.externalId,
    to: row.peer,
    type:
      row.type === 'audio' || row.type === 'image' || row.type === 'video' || row.type === 'document'
        ? row.type
        : 'text',
    body: row.body,
    fileName: row.mediaFileName,
    mimetype: row.mediaMimetype,
    size: row.mediaBase64 === null ? null : Buffer.byteLength(row.mediaBase64, 'base64'),
    voiceNote: row.voiceNote,
    quotedExternalId: row.quotedExternalId,
    ack: row.ack,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    createdAt: row.createdAt.toISOString(),
  }));
}
