import { describe, expect, it } from 'vitest';
import { missingFields, testSendRequest } from './testSend';

describe('messages-API test forms', () => {
  it('send text as JSON with the connection token', () => {
    const { url, init } = testSendRequest({
      kind: 'text',
      token: ' tok ',
      number: ' 5511999990000 ',
      body: 'Olá',
    });
    expect(url).toBe('/api/messages/send');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ number: '5511999990000', body: 'Olá' });
  });

  it('send a file as multipart number, body = its name, and medias', () => {
    const file = new File(['%PDF'], 'recibo.pdf', { type: 'application/pdf' });
    const { init } = testSendRequest({ kind: 'media', token: 'tok', number: '5511999990000', file });
    const form = init.body as FormData;
    expect(form.get('number')).toBe('5511999990000');
    expect(form.get('body')).toBe('recibo.pdf');
    expect((form.get('medias') as File).name).toBe('recibo.pdf');
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('require a token, a number and a body or a file', () => {
    expect(missingFields({ token: '', number: ' ', body: '' })).toEqual(['token', 'number', 'body']);
    expect(missingFields({ token: 't', number: '1', file: null })).toEqual(['file']);
    expect(missingFields({ token: 't', number: '1', body: 'x' })).toEqual([]);
  });
});
