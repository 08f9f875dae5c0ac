import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { avatarPng, SimulatedAvatars } from './avatars';

/** The chunks of a PNG file, each with its CRC checked. */
function chunksOf(png: Buffer): Array<{ type: string; data: Buffer }> {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(zlib.crc32(body));
    chunks.push({ type: body.subarray(0, 4).toString('ascii'), data: body.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

describe('simulated avatars', () => {
  it('are valid 96×96 RGB PNG files, the same for a number and different between numbers', () => {
    const png = avatarPng('5511998765432');
    const chunks = chunksOf(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = chunks[0]?.data ?? Buffer.alloc(0);
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([96, 96, 8, 2]);
    const pixels = zlib.inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
    expect(pixels.length).toBe(96 * (1 + 96 * 3));
    // The centre pixel is the disc's colour, a corner the pale ground.
    const pixel = (x: number, y: number) => [...pixels.subarray(y * 289 + 1 + x * 3, y * 289 + 4 + x * 3)];
    expect(pixel(0, 0)).toEqual([236, 239, 241]);
    expect(pixel(48, 48)).not.toEqual([236, 239, 241]);

    expect(avatarPng('5511998765432').equals(png)).toBe(true);
    expect(avatarPng('5511977776666').equals(png)).toBe(false);
  });

  it('are written once under the public folder and addressed there; hidden ones and unknown numbers have none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-avatars-'));
    try {
      const avatars = new SimulatedAvatars(dir, 'http://127.0.0.1:8080/');
      const url = await avatars.urlOf('551198765432');
      expect(url).toBe('http://127.0.0.1:8080/public/simulator/avatars/5511998765432.png');
      const file = path.join(dir, 'simulator/avatars/5511998765432.png');
      expect(fs.readFileSync(file).equals(avatarPng('5511998765432'))).toBe(true);
      expect(await avatars.urlOf('5511998765432')).toBe(url);

      expect(await avatars.urlOf('5511998765400')).toBeNull();
      expect(await avatars.urlOf('12345')).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
