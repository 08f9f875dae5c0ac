import type { SeededRandom } from './random';

/** Text as clients and attackers type it: empty, odd unicode, injections, numbers in disguise, huge. */
export const oddStrings: readonly string[] = [
  '',
  ' ',
  'a',
  'Ana Souza',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301',
  '💥🚀👩‍👩‍👧‍👦',
  'ÿ\u00a0Ω',
  '\u0000',
  'line\r\nbreak',
  '%00',
  '%',
  '../../../etc/passwd',
  "'; drop table users; --",
  "O'Brien\\",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '{{name}}',
  '${process.env}',
  '-1',
  '0',
  '1',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '{"id":1}',
  '[1,2',
  '2026-02-30',
  '0000-00-00',
  '25:99',
  '+55 (11) 92172-6728',
  'not-an-email@',
  'http://127.0.0.1:1/x',
  'data:text/html;base64,PHNjcmlwdD4=',
  '/public/../../secret',
  'x'.repeat(300),
];

/** Built once: large values every request may reuse without building them again. */
const hugeString = 'z'.repeat(200_000);
const wideArray = Array.from({ length: 5_000 }, (_, i) => i);
const wideObject = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i]));

/** An object nested `depth` levels: {a:{a:{…}}}. */
export function nestedObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** An array nested `depth` levels: [[[…]]]. */
export function nestedArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/**
 * JSON text nested `depth` levels, written as text (JSON.stringify would overflow first): objects or arrays inside
 * a `body` field, or arrays as the whole body.
 */
export function deepJsonText(depth: number, shape: 'objects' | 'arrays' | 'top-level arrays'): string {
  if (shape === 'objects') return `{"body":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
  if (shape === 'arrays') return `{"body":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A value of any JSON type, chosen to be wrong for most fields. */
export function oddValue(random: SeededRandom): unknown {
  switch (random.int(0, 11)) {
    case 0:
    case 1:
    case 2:
      return random.pick(oddStrings);
    case 3:
      return random.pick([0, -1, 1, 1.5, -0.5, 1e308, -1e308, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2]);
    case 4:
      return random.pick([true, false, null]);
    case 5:
      return random.pick([[], [1, 2], ['a', null], [{}], wideArray]);
    case 6:
      return random.pick([{}, { id: 1 }, { a: null }, { __proto__: { admin: true } }, wideObject]);
    case 7:
      return nestedObject(random.int(20, 200));
    case 8:
      return nestedArray(random.int(20, 200));
    case 9:
      return hugeString;
    case 10:
      return { constructor: { prototype: { polluted: 1 } } };
    default:
      return random.pick(oddStrings) + random.pick(oddStrings);
  }
}

/** Text for a path parameter: ids that exist, ids that cannot, and encodings a router must survive. */
export const oddPathSegments: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e400',
  '2147483648',
  '99999999999999999999',
  'abc',
  'null',
  '%20',
  '%00',
  '%ED%A0%80',
  '%F0%9F%92%A5',
  '%E2%80%AE',
  '..%2F..%2Fetc',
  encodeURIComponent("'; drop table users; --"),
  'x'.repeat(90),
];

/** Bodies that are not what their content type says. */
export const malformedJsonTexts: readonly string[] = [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '42',
  '{"__proto__":{"admin":true}}',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"body":"\\ud800"}',
  '{"body":"\\udfff\\ud800"}',
];
