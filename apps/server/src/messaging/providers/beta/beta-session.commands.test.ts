import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../port';
import { FakeBoom } from './fake-socket';
import { stableMessageId } from './message-id';
import { betaHarness, WHATSAPP_ID } from './session-harness';

const CUSTOMER = '5511987654321';
const customerJid = `${CUSTOMER}@s.whatsapp.net`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-beta-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const stored = (name: string, data: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};

const rejection = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return { transient: error.transient, message: error.message };
};

describe('beta session: commands', () => {
  it('derives a stable WhatsApp Web id from the idempotency key', () => {
    const id = stableMessageId(WHATSAPP_ID, 'msg-1');
    expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(stableMessageId(WHATSAPP_ID, 'msg-1')).toBe(id);
    expect(stableMessageId(WHATSAPP_ID, 'msg-2')).not.toBe(id);
    expect(stableMessageId(WHATSAPP_ID + 1, 'msg-1')).not.toBe(id);
  });

  it('sends text under the id of its idempotency key, so a retry is the same message for WhatsApp', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    const first = await h.session.send({ to: CUSTOMER, text: 'Pedido enviado' }, 'msg-77');
    const retry = await h.session.send({ to: CUSTOMER, text: 'Pedido enviado' }, 'msg-77');
    expect(first.wid).toBe(stableMessageId(WHATSAPP_ID, 'msg-77'));
    expect(retry.wid).toBe(first.wid);
    expect(socket.sent[0]).toMatchObject({ jid: customerJid, content: { text: 'Pedido enviado' } });
    expect(socket.sent[0]?.options?.messageId).toBe(first.wid);
    expect(h.network.inboxes.get(CUSTOMER)).toHaveLength(1);
    // baileys' echo of our own send is not reported as a new message.
    await h.settle();
    expect(h.events.filter((e) => e.type === 'message.received')).toEqual([]);
  });

  it("answers baileys' retry requests with the content of what we sent", async () => {
    const h = betaHarness();
    const socket = await h.connect();
    const { wid } = await h.session.send({ to: CUSTOMER, text: 'de novo, por favor' }, 'retry-1');
    expect(await socket.options.getMessage({ remoteJid: customerJid, fromMe: true, id: wid })).toEqual({
      conversation: 'de novo, por favor',
    });
    expect(
      await socket.options.getMessage({ remoteJid: customerJid, fromMe: true, id: 'UNKNOWN' }),
    ).toBeUndefined();
  });

  it('sends images and videos with captions, audio, voice notes as ogg/opus and documents with their name', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    const media = (name: string, mimetype: string, extra: object = {}) => ({
      path: stored(name, `bytes of ${name}`),
      mimetype,
      fileName: name,
      ...extra,
    });
    await h.session.send({ to: CUSTOMER, media: media('a.jpg', 'image/jpeg', { caption: 'foto' }) }, 'm1');
    await h.session.send({ to: CUSTOMER, media: media('b.mp4', 'video/mp4', { caption: 'vídeo' }) }, 'm2');
    await h.session.send({ to: CUSTOMER, media: media('c.mp3', 'audio/mpeg') }, 'm3');
    await h.session.send({ to: CUSTOMER, media: media('d.ogg', 'audio/ogg', { voiceNote: true }) }, 'm4');
    await h.session.send(
      { to: CUSTOMER, media: media('e.pdf', 'application/pdf', { caption: 'boleto' }) },
      'm5',
    );
    const contents = socket.sent.map((s) => s.content);
    expect(contents).toEqual([
      { image: Buffer.from('bytes of a.jpg'), mimetype: 'image/jpeg', caption: 'foto' },
      { video: Buffer.from('bytes of b.mp4'), mimetype: 'video/mp4', caption: 'vídeo' },
      { audio: Buffer.from('bytes of c.mp3'), mimetype: 'audio/mpeg' },
      { audio: Buffer.from('bytes of d.ogg'), ptt: true, mimetype: 'audio/ogg; codecs=opus' },
      {
        document: Buffer.from('bytes of e.pdf'),
        mimetype: 'application/pdf',
        fileName: 'e.pdf',
        caption: 'boleto',
      },
    ]);
  });

  it('quotes with a minimal message built from the quoted wid, side and text', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    await h.session.send(
      { to: CUSTOMER, text: 'Respondendo', quoted: { wid: 'ABC123', fromMe: false, text: 'Qual o prazo?' } },
      'q1',
    );
    expect(socket.sent[0]?.options?.quoted).toEqual({
      key: { remoteJid: customerJid, fromMe: false, id: 'ABC123' },
      message: { conversation: 'Qual o prazo?' },
    });
  });

  it('sends to groups by their id', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    await h.session.send({ to: '120363025@g.us', text: 'Oi grupo' }, 'g1');
    expect(socket.sent[0]?.jid).toBe('120363025@g.us');
  });

  it('fails transiently when not connected or the connection drops, permanently for bad numbers and media', async () => {
    const h = betaHarness();
    expect(await rejection(h.session.send({ to: CUSTOMER, text: 'x' }, 'k'))).toMatchObject({
      transient: true,
    });
    await h.connect();
    expect(await rejection(h.session.send({ to: 'abc', text: 'x' }, 'k'))).toMatchObject({
      transient: false,
    });
    const missing = { path: path.join(dir, 'missing.png'), mimetype: 'image/png', fileName: 'missing.png' };
    expect(await rejection(h.session.send({ to: CUSTOMER, media: missing }, 'k'))).toMatchObject({
      transient: false,
    });
    h.network.failures.push(new FakeBoom('Timed Out', 408));
    expect(await rejection(h.session.send({ to: CUSTOMER, text: 'x' }, 'k'))).toMatchObject({
      transient: true,
    });
    h.network.failures.push(new FakeBoom('bad-request', 400));
    expect(await rejection(h.session.send({ to: CUSTOMER, text: 'x' }, 'k'))).toMatchObject({
      transient: false,
    });
    h.socket().close(428);
    await h.settle();
    expect(await rejection(h.session.send({ to: CUSTOMER, text: 'x' }, 'k'))).toMatchObject({
      transient: true,
    });
  });

  it('checks numbers with and without the Brazilian ninth digit, answering the form WhatsApp knows', async () => {
    const h = betaHarness();
    await h.connect();
    h.network.accounts.add('5511998765432');
    h.network.accounts.add('558188887777');
    h.network.accounts.add('14155550100');
    expect(await h.session.checkNumber('551198765432')).toEqual({ exists: true, number: '5511998765432' });
    expect(await h.session.checkNumber('+55 (11) 99876-5432')).toEqual({
      exists: true,
      number: '5511998765432',
    });
    expect(await h.session.checkNumber('5581988887777')).toEqual({ exists: true, number: '558188887777' });
    expect(await h.session.checkNumber('1 415 555 0100')).toEqual({ exists: true, number: '14155550100' });
    expect(await h.session.checkNumber('5511912340000')).toEqual({ exists: false });
    expect(await h.session.checkNumber('12345')).toEqual({ exists: false });
  });

  it('sends a Brazilian mobile number to the form WhatsApp knows, with or without the ninth digit', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    h.network.accounts.add('558188887777');
    await h.session.send({ to: '5581988887777', text: 'oi' }, 'br1');
    await h.session.send({ to: '5581988887777', text: 'de novo' }, 'br2');
    await h.session.send({ to: '5511912340000', text: 'ninguém' }, 'br3');
    expect(socket.sent.map((s) => s.jid)).toEqual([
      '558188887777@s.whatsapp.net',
      '558188887777@s.whatsapp.net',
      '5511912340000@s.whatsapp.net',
    ]);
  });

  it('marks messages read on the key they came with (a LID chat stays a LID chat)', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    socket.receive([
      {
        key: { remoteJid: '111222@lid', remoteJidAlt: customerJid, fromMe: false, id: 'IN1' },
        message: { conversation: 'oi' },
      },
    ]);
    await h.settle();
    await h.session.markRead(CUSTOMER, ['IN1', 'IN2']);
    expect(socket.reads).toEqual([
      [
        { remoteJid: '111222@lid', remoteJidAlt: customerJid, fromMe: false, id: 'IN1' },
        { remoteJid: customerJid, fromMe: false, id: 'IN2' },
      ],
    ]);
  });

  it('shows "typing…" in the chat with a presence update to its jid, then stops it', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    await h.session.sendPresence(CUSTOMER, 'composing');
    await h.session.sendPresence(CUSTOMER, 'paused');
    expect(socket.presences).toEqual([
      { type: 'composing', jid: customerJid },
      { type: 'paused', jid: customerJid },
    ]);
  });

  it('deletes for everyone and edits through sendMessage', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    const { wid } = await h.session.send({ to: CUSTOMER, text: 'errado' }, 'e1');
    await h.session.editMessage(CUSTOMER, wid, 'certo');
    await h.session.deleteForEveryone(CUSTOMER, wid, true);
    expect(socket.sent.slice(1).map((s) => s.content)).toEqual([
      { text: 'certo', edit: { remoteJid: customerJid, fromMe: true, id: wid } },
      { delete: { remoteJid: customerJid, fromMe: true, id: wid } },
    ]);
  });

  it('refuses a media reference it cannot read, permanently', async () => {
    const h = betaHarness();
    await h.connect();
    const bad = await rejection(h.session.downloadMedia({ ref: 'not-a-ref', mimetype: 'image/png' }));
    expect(bad.transient).toBe(false);
  });
});
