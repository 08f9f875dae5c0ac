/**
 * timestamptz values as PostgreSQL writes them (DateStyle ISO): `2026-11-22 15:23:51.768784+00`, the offset
 * `±HH`, `±HH:MM` or `±HH:MM:SS`. pg's parser runs three regular expressions per value; a ticket list page has
 * 160 of them, about 5 % of the request's CPU. This reads the common form digit by digit and hands anything else
 * (infinity, BC, years before 100 or after 9999) to `general`, the parser it replaces, so results are the same.
 */
export function timestampParser(general: (text: string) => unknown): (text: string) => unknown {
  return (text) => parseIsoTimestamp(text) ?? general(text);
}

const ZERO = 48;

/** The instant, or undefined when the text is not in the common form. Milliseconds are truncated, as pg does. */
export function parseIsoTimestamp(text: string): Date | undefined {
  if (text.length < 22 || text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (year < 100 || text.charCodeAt(7) !== 45 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return undefined;
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    at++;
    const start = at;
    while (at < text.length && isDigit(text.charCodeAt(at))) at++;
    if (at === start) return undefined;
    // The first three fraction digits, padded: ".5" is 500 ms, ".768784" is 768 ms.
    for (let i = 0; i < 3; i++) ms = ms * 10 + (start + i < at ? text.charCodeAt(start + i) - ZERO : 0);
  }
  const sign = text.charCodeAt(at) === 43 ? 1 : text.charCodeAt(at) === 45 ? -1 : 0;
  if (sign === 0) return undefined;
  // ±HH, then :MM and :SS when written: each part is worth a 60th of the one before.
  let offsetSeconds = digits(text, at + 1, at + 3) * 3600;
  at += 3;
  for (let worth = 60; worth >= 1 && at < text.length; worth /= 60) {
    if (text.charCodeAt(at) !== 58) return undefined;
    offsetSeconds += digits(text, at + 1, at + 3) * worth;
    at += 3;
  }
  if (at !== text.length) return undefined;
  offsetSeconds *= sign;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetSeconds * 1000;
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** The number written by text[from, to), NaN when one of them is not a digit (or the text is too short). */
function digits(text: string, from: number, to: number): number {
  if (to > text.length) return Number.NaN;
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return Number.NaN;
    value = value * 10 + code - ZERO;
  }
  return value;
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= ZERO + 9;
}
