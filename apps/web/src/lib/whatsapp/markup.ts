/**
 * WhatsApp's text markup (issue 23 item 3): `*bold*`, `_italic_`, `~strike~`, ```` ```mono``` ```` and bare
 * http(s) links, parsed into a small tree that components render as React elements (never as HTML).
 */
export type MarkupNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: MarkupNode[] }
  | { kind: 'mono'; text: string }
  | { kind: 'link'; href: string; text: string };

const styles = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
type Marker = keyof typeof styles;
const MONO = '```';
const LINK = /^https?:\/\/[^\s<>"]+/i;
// Punctuation that ends a sentence rather than a link ("see https://x.test/a.").
const LINK_TAIL = /[.,;:!?)\]'*_~]+$/;

export function parseMarkup(text: string): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') nodes.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const mono = text.startsWith(MONO, i) ? text.indexOf(MONO, i + MONO.length) : -1;
    if (mono > i + MONO.length) {
      flush();
      nodes.push({ kind: 'mono', text: text.slice(i + MONO.length, mono) });
      i = mono + MONO.length;
      continue;
    }
    const link = opensWord(text, i) ? LINK.exec(text.slice(i)) : null;
    if (link) {
      const href = link[0].replace(LINK_TAIL, '');
      flush();
      nodes.push({ kind: 'link', href, text: href });
      i += href.length;
      continue;
    }
    const char = text.charAt(i);
    const close = isMarker(char) ? closingMarker(text, i) : -1;
    if (isMarker(char) && close > 0) {
      flush();
      nodes.push({ kind: styles[char], children: parseMarkup(text.slice(i + 1, close)) });
      i = close + 1;
      continue;
    }
    plain += char;
    i += 1;
  }
  flush();
  return nodes;
}

/** The text without markup, for places that only take a string (titles, notifications). */
export function plainText(nodes: MarkupNode[]): string {
  return nodes.map((node) => ('children' in node ? plainText(node.children) : node.text)).join('');
}

function isMarker(char: string): char is Marker {
  return char === '*' || char === '_' || char === '~';
}

/**
 * Where the marker opened at `start` closes on the same line, or -1. As in WhatsApp, a marker opens only at the
 * start of a word (so `2*3*4` and `snake_case_name` stay as typed), is followed by a non-space, and closes after
 * a non-space at the end of a word.
 */
function closingMarker(text: string, start: number): number {
  const marker = text.charAt(start);
  const first = text.charAt(start + 1);
  if (!opensWord(text, start) || first === '' || first === marker || /\s/.test(first)) return -1;
  for (let j = start + 2; j < text.length; j += 1) {
    const char = text.charAt(j);
    if (char === '\n') return -1;
    if (char === marker && !/\s/.test(text.charAt(j - 1)) && !isWordChar(text.charAt(j + 1))) return j;
  }
  return -1;
}

function opensWord(text: string, at: number): boolean {
  return at === 0 || !isWordChar(text.charAt(at - 1));
}

function isWordChar(char: string): boolean {
  return char !== '' && /[\p{L}\p{N}]/u.test(char);
}
