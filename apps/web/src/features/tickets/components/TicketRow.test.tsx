import { render, screen } from '@testing-library/react';
import type { TicketView } from '@zapdesk/contracts';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TicketRow } from './TicketRow';

const ticket = (patch: Partial<TicketView>): TicketView =>
  ({
    id: 3,
    uuid: 'uuid-3',
    status: 'open',
    userId: 7,
    queue: null,
    contact: { name: 'Maria', profilePicUrl: '' },
    lastMessage: 'Olá',
    lastMediaType: null,
    unreadMessages: 0,
    updatedAt: '2026-11-22T10:00:00Z',
    ...patch,
  }) as TicketView;

const last = (patch: Partial<TicketView>) => {
  const { unmount } = render(
    <TicketRow
      ticket={ticket(patch)}
      selected={false}
      accepting={false}
      onOpen={() => {}}
      onAccept={() => {}}
    />,
  );
  const text = screen.getByTestId('ticket-last').textContent;
  unmount();
  return text;
};

describe('a ticket row’s last message', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names a voice note sent without caption instead of showing its file name', () => {
    expect(last({ lastMessage: '1795000000000.mp3', lastMediaType: 'audio' })).toBe('Audio');
  });

  it('names files, locations and contact cards by their kind, in the agent’s language', async () => {
    await i18n.changeLanguage('pt');
    const rows = [
      { lastMessage: 'IMG-001.jpg', lastMediaType: 'image' },
      { lastMessage: 'clip.mp4', lastMediaType: 'video' },
      { lastMessage: 'contrato.pdf', lastMediaType: 'application' },
      {
        lastMessage: 'data:image/png;base64, | https://maps.google.com/maps?q=1%2C2|1, 2',
        lastMediaType: 'locationMessage',
      },
      { lastMessage: 'BEGIN:VCARD\nFN:Joana\nEND:VCARD', lastMediaType: 'vcard' },
    ];
    expect(rows.map((row) => last(row))).toEqual(['Imagem', 'Vídeo', 'Documento', 'Localização', 'Contato']);
  });

  it('shows text and captions as they are', () => {
    expect(last({ lastMessage: 'o recibo', lastMediaType: null })).toBe('o recibo');
  });
});
