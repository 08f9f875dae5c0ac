import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../platform/storage/media-storage';
import { greetingFor, messageVariables, renderTemplate, isBrowserRecording } from '../../modules/messages';
import { TokenBucket } from './token-bucket';

describe('renderTemplate (server-behaviour 1.9)', () => {
  it('fills known variables without HTML escaping and empties unknown ones', () => {
    expect(
      renderTemplate('Oi {{name}} <b>{{ firstName }}</b> {{{name}}} {{nope}}!', {
        name: 'Zé & Cia',
        firstName: 'Zé',
      }),
    ).toBe('Oi Zé & Cia <b>Zé</b> Zé & Cia !');
  });

  it('computes greeting, protocol and hour in the configured time zone', () => {
    const at = new Date('2026-03-05T12:34:56Z');
    const vars = messageVariables({
      contactName: ' Maria  Clara ',
      ticketId: 42,
      timeZone: 'America/Sao_Paulo',
      at,
    });
    expect(vars).toEqual({
      name: 'Maria  Clara',
      firstName: 'Maria',
      ms: 'Bom dia',
      protocol: '2026030509345642',
      hora: '09:34:56',
    });
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Boa madrugada',
      'Boa madrugada',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
    ]);
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then paces to the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake()]).toEqual([0, 0, 0]);
    expect(bucket.tryTake()).toBe(500);
    now = 500;
    expect(bucket.tryTake()).toBe(0);
    now = 10_000;
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake(), bucket.tryTake()]).toEqual([0, 0, 0, 500]);
  });

  it('hands a batch only the whole tokens there are now, and takes unused ones back up to the capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect(bucket.takeUpTo(5)).toBe(3);
    expect(bucket.takeUpTo(5)).toBe(0);
    now = 900;
    // 1.8 tokens came in: one whole one; the 0.8 left counts towards the next.
    expect(bucket.takeUpTo(5)).toBe(1);
    expect(bucket.tryTake()).toBe(100);
    bucket.giveBack(1);
    expect(bucket.takeUpTo(1)).toBe(1);
    now = 10_000;
    bucket.giveBack(5);
    expect(bucket.takeUpTo(10)).toBe(3);
    expect(bucket.takeUpTo(0)).toBe(0);
  });
});

describe('file names', () => {
  it('reduces names to safe characters and never to a path or a hidden file', () => {
    expect(safeFileName('relatório final (1).pdf')).toBe('relatorio_final_1.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\win.ini')).toBe('win.ini');
    expect(safeFileName('.env')).toBe('env');
    expect(safeFileName('???')).toBe('file');
  });

  it('recognises browser recordings', () => {
    expect(isBrowserRecording('1732212345678.mp3')).toBe(true);
    expect(isBrowserRecording('audio-record-site-xyz.webm')).toBe(true);
    expect(isBrowserRecording('song.mp3')).toBe(false);
    expect(isBrowserRecording('1732212345678.pdf')).toBe(false);
  });
});
