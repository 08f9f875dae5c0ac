import { describe, expect, it } from 'vitest';
import { parseLocation, parseVCard } from './content';

describe('message content', () => {
  it('splits a location body into thumbnail, link and description', () => {
    const body = 'data:image/png;base64,AAA | https://maps.google.com/maps?q=1%2C2&z=17&hl=pt-BR|1, 2';
    expect(parseLocation(body)).toEqual({
      image: 'data:image/png;base64,AAA',
      link: 'https://maps.google.com/maps?q=1%2C2&z=17&hl=pt-BR',
      description: '1, 2',
    });
    expect(parseLocation('just text')).toBeNull();
  });

  it('reads the name and WhatsApp number of a vCard', () => {
    const body =
      'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL;type=CELL;waid=5511999990001:+55 11 99999-0001\nEND:VCARD';
    expect(parseVCard(body)).toEqual({ name: 'Ana Souza', number: '5511999990001' });
  });
});
