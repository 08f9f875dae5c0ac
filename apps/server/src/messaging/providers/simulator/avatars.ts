import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { checkSimulatedNumber } from './numbers';

const SIZE = 96;

/**
 * The simulated network's picture server: every simulated customer has a generated avatar (a coloured disc
 * on a pale ground, the colour taken from the number), written once under the public folder and addressed
 * like WhatsApp's picture CDN. Numbers ending in 00 play customers who hide their picture.
 */
export class SimulatedAvatars {
  constructor(
    private readonly storageDir: string,
    private readonly backendUrl: string,
  ) {}

  async urlOf(chatId: string): Promise<string | null> {
    const number = checkSimulatedNumber(chatId).number;
    if (!number || number.endsWith('00')) return null;
    const relative = `simulator/avatars/${number}.png`;
    const file = path.join(this.storageDir, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, avatarPng(number), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return `${this.backendUrl.replace(/\/+$/, '')}/public/${relative}`;
  }
}

/** A PNG of a disc whose colour depends on the number (8-bit RGB, no filter). */
export function avatarPng(number: string): Buffer {
  const [r = 0, g = 0, b = 0] = createHash('sha256').update(number).digest();
  const disc = [64 + (r % 160), 64 + (g % 160), 64 + (b % 160)];
  const ground = [236, 239, 241];
  const rows: Buffer[] = [];
  const centre = (SIZE - 1) / 2;
  for (let y = 0; y < SIZE; y += 1) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let x = 0; x < SIZE; x += 1) {
      const inside = (x - centre) ** 2 + (y - centre) ** 2 <= (SIZE * 0.42) ** 2;
      Buffer.from(inside ? disc : ground).copy(row, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
