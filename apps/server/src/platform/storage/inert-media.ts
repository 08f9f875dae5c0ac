import fs from 'node:fs';

/** Bytes read from a file's start to recognise its format. */
export const SNIFF_BYTES = 64;

/** A format recognised by its leading bytes, never by its name. */
interface Signature {
  type: string;
  matches: (head: Buffer) => boolean;
}

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;
const bytes = (head: Buffer, offset: number, values: number[]) =>
  head.length >= offset + values.length && values.every((value, i) => head[offset + i] === value);

/** ISO base media (mp4, m4a, 3gp, mov): `ftyp` at 4 and the major brand after it. */
function isoBrand(head: Buffer): string | null {
  return ascii(head, 4, 'ftyp') ? head.toString('latin1', 8, 12) : null;
}

/**
 * The inert formats: raster images, audio, video and PDF. A browser only renders or plays them; none can run
 * script on our origin. Everything else (HTML, SVG, XML, text, office files, unknown bytes) is not in this list.
 */
const INERT: Signature[] = [
  { type: 'image/png', matches: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', matches: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a') },
  { type: 'image/webp', matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP') },
  { type: 'image/bmp', matches: (h) => ascii(h, 0, 'BM') && h.length >= 26 },
  { type: 'application/pdf', matches: (h) => ascii(h, 0, '%PDF-') },
  { type: 'audio/wav', matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE') },
  { type: 'audio/ogg', matches: (h) => ascii(h, 0, 'OggS') },
  { type: 'audio/mpeg', matches: (h) => ascii(h, 0, 'ID3') || bytes(h, 0, [0xff, 0xfb]) },
  { type: 'audio/mpeg', matches: (h) => bytes(h, 0, [0xff, 0xf3]) || bytes(h, 0, [0xff, 0xf2]) },
  { type: 'audio/aac', matches: (h) => bytes(h, 0, [0xff, 0xf1]) || bytes(h, 0, [0xff, 0xf9]) },
  { type: 'audio/amr', matches: (h) => ascii(h, 0, '#!AMR') },
  { type: 'audio/flac', matches: (h) => ascii(h, 0, 'fLaC') },
  { type: 'video/webm', matches: (h) => bytes(h, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
  { type: 'audio/mp4', matches: (h) => /^M4A |^M4B /.test(isoBrand(h) ?? '') },
  { type: 'video/3gpp', matches: (h) => (isoBrand(h) ?? '').startsWith('3g') },
  { type: 'video/quicktime', matches: (h) => isoBrand(h) === 'qt  ' },
  { type: 'video/mp4', matches: (h) => isoBrand(h) !== null },
];

/** The inert type a file's leading bytes show, or null when it is anything else. */
export function inertTypeOf(head: Buffer): string | null {
  return INERT.find((signature) => signature.matches(head))?.type ?? null;
}

const KEPT = 5_000;

/**
 * Types of stored files, checked from their bytes. Stored files are created once and never rewritten (uuid names,
 * exclusive create), so the check is remembered per path, size and modification time.
 */
export class InertMediaTypes {
  readonly #known = new Map<string, string | null>();

  typeOf(absolutePath: string, stat: { size: number; mtimeMs: number }): string | null {
    const key = `${absolutePath}\u0000${stat.size}\u0000${stat.mtimeMs}`;
    const known = this.#known.get(key);
    if (known !== undefined) return known;
    const head = Buffer.alloc(SNIFF_BYTES);
    let read = 0;
    try {
      const fd = fs.openSync(absolutePath, 'r');
      try {
        read = fs.readSync(fd, head, 0, SNIFF_BYTES, 0);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return null;
    }
    const type = inertTypeOf(head.subarray(0, read));
    if (this.#known.size >= KEPT) {
      const oldest = this.#known.keys().next().value;
      if (oldest !== undefined) this.#known.delete(oldest);
    }
    this.#known.set(key, type);
    return type;
  }
}
