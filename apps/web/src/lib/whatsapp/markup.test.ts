import { describe, expect, it } from 'vitest';
import { parseMarkup, plainText } from './markup';

const text = (t: string) => ({ kind: 'text', text: t });

describe('WhatsApp markup', () => {
  it('reads bold, italic, strike and monospace', () => {
    expect(parseMarkup('*negrito* _itálico_ ~riscado~ ```mono```')).toEqual([
      { kind: 'bold', children: [text('negrito')] },
      text(' '),
      { kind: 'italic', children: [text('itálico')] },
      text(' '),
      { kind: 'strike', children: [text('riscado')] },
      text(' '),
      { kind: 'mono', text: 'mono' },
    ]);
  });

  it("reads the bot's menu lines and a signed message", () => {
    expect(parseMarkup('*[ 1 ]* - Suporte')).toEqual([
      { kind: 'bold', children: [text('[ 1 ]')] },
      text(' - Suporte'),
    ]);
    expect(parseMarkup('*Admin:*\nOlá')).toEqual([
      { kind: 'bold', children: [text('Admin:')] },
      text('\nOlá'),
    ]);
  });

  it('nests styles, but keeps monospace literal', () => {
    expect(parseMarkup('*_ambos_*')).toEqual([
      { kind: 'bold', children: [{ kind: 'italic', children: [text('ambos')] }] },
    ]);
    expect(parseMarkup('```*não*```')).toEqual([{ kind: 'mono', text: '*não*' }]);
  });

  it('leaves markers inside words, around spaces, unclosed or across lines as typed', () => {
    for (const typed of [
      '2*3*4',
      'snake_case_name',
      '* solto *',
      '*aberto',
      '*linha\noutra*',
      '**',
      '``````',
    ]) {
      expect(plainText(parseMarkup(typed))).toBe(typed);
      expect(parseMarkup(typed).every((node) => node.kind === 'text')).toBe(true);
    }
  });

  it('turns http and https addresses into links, without the sentence punctuation after them', () => {
    expect(parseMarkup('Veja https://exemplo.test/a_b?x=1. Ok')).toEqual([
      text('Veja '),
      { kind: 'link', href: 'https://exemplo.test/a_b?x=1', text: 'https://exemplo.test/a_b?x=1' },
      text('. Ok'),
    ]);
    expect(parseMarkup('*http://x.test*')).toEqual([
      { kind: 'bold', children: [{ kind: 'link', href: 'http://x.test', text: 'http://x.test' }] },
    ]);
  });

  it('never links other schemes', () => {
    for (const typed of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://x.test',
      'xhttps://x.test',
    ]) {
      expect(parseMarkup(typed).some((node) => node.kind === 'link')).toBe(false);
    }
  });
});
