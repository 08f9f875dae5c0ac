import type { WhatsappEvent, WhatsappSessionView, WhatsappView } from '@zapdesk/contracts';

/**
 * Adds a connection or replaces the one with its id, keeping the list in id order (the server's). Fields
 * the incoming copy lacks are kept: socket copies never carry the token.
 */
export function upsertConnection(list: readonly WhatsappView[], incoming: WhatsappView): WhatsappView[] {
  const index = list.findIndex((connection) => connection.id === incoming.id);
  if (index === -1) return [...list, incoming].sort((a, b) => a.id - b.id);
  return list.map((connection, i) => (i === index ? { ...connection, ...incoming } : connection));
}

/** `company-{id}-whatsapp`: update adds or replaces, delete removes. */
export function applyWhatsappEvent(list: readonly WhatsappView[], event: WhatsappEvent): WhatsappView[] {
  switch (event.action) {
    case 'update':
      return upsertConnection(list, event.whatsapp);
    case 'delete':
      return list.filter((connection) => connection.id !== event.whatsappId);
  }
}

/** `company-{id}-whatsappSession`: status, QR, retries and last update change in place. */
export function applySessionUpdate(
  list: readonly WhatsappView[],
  session: WhatsappSessionView,
): WhatsappView[] {
  return list.map((connection) =>
    connection.id === session.id
      ? {
          ...connection,
          status: session.status,
          qrcode: session.qrcode,
          retries: session.retries,
          updatedAt: session.updatedAt,
        }
      : connection,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A socket payload we can apply, or null for anything else. */
export function readWhatsappEvent(payload: unknown): WhatsappEvent | null {
  if (!isRecord(payload)) return null;
  if (payload.action === 'delete' && typeof payload.whatsappId === 'number') {
    return { action: 'delete', whatsappId: payload.whatsappId };
  }
  if (payload.action === 'update' && isRecord(payload.whatsapp) && typeof payload.whatsapp.id === 'number') {
    return { action: 'update', whatsapp: payload.whatsapp as WhatsappView };
  }
  return null;
}

export function readSessionEvent(payload: unknown): WhatsappSessionView | null {
  if (!isRecord(payload) || payload.action !== 'update' || !isRecord(payload.session)) return null;
  const session = payload.session;
  if (typeof session.id !== 'number' || typeof session.status !== 'string') return null;
  return session as WhatsappSessionView;
}
