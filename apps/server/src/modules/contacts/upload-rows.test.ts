import { describe, expect, it } from 'vitest';
import { phoneOfJid } from './phone-import';
import { readUploadRow } from './upload-rows';

describe('readUploadRow', () => {
  it('reads every spelling of the three columns, ignoring case, spaces and accents', () => {
    expect(readUploadRow({ Nome: 'Ana', Número: '5511999990000', 'E-mail': 'a@x.com' })).toEqual({
      name: 'Ana',
      number: '5511999990000',
      email: 'a@x.com',
    });
    expect(readUploadRow({ ' NAME ': ' Beto ', numero: '+55 (11) 98888-7777', Email: 'b@x.com' })).toEqual({
      name: 'Beto',
      number: '5511988887777',
      email: 'b@x.com',
    });
    expect(readUploadRow({ nome: 'Caio', NÚMERO: 5511977776666, extra: 'ignored' })).toEqual({
      name: 'Caio',
      number: '5511977776666',
      email: '',
    });
  });

  it('leaves a row without a number with an empty one', () => {
    expect(readUploadRow({ nome: 'Sem', telefone: '5511' })).toEqual({ name: 'Sem', number: '', email: '' });
    expect(readUploadRow({ nome: { rich: true }, numero: null })).toEqual({
      name: '',
      number: '',
      email: '',
    });
  });
});

describe('phoneOfJid', () => {
  it('keeps phone contacts and drops groups, aliases and broadcasts', () => {
    expect(phoneOfJid('5511999990000@s.whatsapp.net')).toBe('5511999990000');
    expect(phoneOfJid('5511999990000:12@s.whatsapp.net')).toBe('5511999990000');
    expect(phoneOfJid('5511999990000@c.us')).toBe('5511999990000');
    expect(phoneOfJid('120363012345678901@g.us')).toBeNull();
    expect(phoneOfJid('99887766554433@lid')).toBeNull();
    expect(phoneOfJid('status@broadcast')).toBeNull();
    expect(phoneOfJid('1234@s.whatsapp.net')).toBeNull();
  });
});
