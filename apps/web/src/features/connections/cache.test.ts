import type { WhatsappView } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { applySessionUpdate, applyWhatsappEvent, readSessionEvent, readWhatsappEvent } from './cache';

const connection = (id: number, patch: Partial<WhatsappView> = {}): WhatsappView => ({
  id,
  companyId: 1,
  name: `Connection ${id}`,
  status: 'DISCONNECTED',
  isDefault: false,
  qrcode: '',
  retries: 0,
  number: '',
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  token: `token-${id}`,
  provider: 'simulator',
  credentialsConfigured: true,
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: 0,
  transferQueueId: null,
  promptId: null,
  prompt: null,
  integrationId: null,
  integration: null,
  queues: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...patch,
});

describe('live connection list', () => {
  it('adds a new connection in id order', () => {
    const list = applyWhatsappEvent([connection(1), connection(3)], {
      action: 'update',
      whatsapp: connection(2),
    });
    expect(list.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('replaces an updated connection but keeps the token the event leaves out', () => {
    const { token: _token, ...withoutToken } = connection(1, { name: 'Renamed' });
    const list = applyWhatsappEvent([connection(1)], { action: 'update', whatsapp: withoutToken });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Renamed', token: 'token-1' });
  });

  it('removes a deleted connection', () => {
    const list = applyWhatsappEvent([connection(1), connection(2)], { action: 'delete', whatsappId: 1 });
    expect(list.map((c) => c.id)).toEqual([2]);
  });

  it('changes status, QR code, retries and last update in place from a session event', () => {
    const list = applySessionUpdate([connection(1), connection(2)], {
      id: 2,
      name: 'Connection 2',
      status: 'qrcode',
      qrcode: 'qr-data',
      retries: 1,
      updatedAt: '2026-01-01T11:00:00.000Z',
    });
    expect(list[0]).toEqual(connection(1));
    expect(list[1]).toMatchObject({
      status: 'qrcode',
      qrcode: 'qr-data',
      retries: 1,
      updatedAt: '2026-01-01T11:00:00.000Z',
      name: 'Connection 2',
      token: 'token-2',
    });
  });

  it('ignores payloads of other shapes', () => {
    expect(readWhatsappEvent({ action: 'create' })).toBeNull();
    expect(readWhatsappEvent(null)).toBeNull();
    expect(readSessionEvent({ action: 'update', session: { id: '1' } })).toBeNull();
    expect(readSessionEvent({ action: 'update', session: { id: 1, status: 'CONNECTED' } })).toMatchObject({
      id: 1,
    });
  });
});
