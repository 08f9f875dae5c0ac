import { describe, expect, it } from 'vitest';
import { encodeMp3, MIN_AUDIO_BYTES, mixDown, recordingFileName } from './recording';

const RATE = 48_000;

/** A tone of the given length, like the fake microphone's. */
function tone(seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(RATE * seconds) },
    (_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE) * 0.5,
  );
}

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

// The encoder is slow under jsdom on a busy machine.
describe('recorded audio as mp3', { timeout: 20_000 }, () => {
  it('encodes a second of sound into MPEG audio frames of type audio/mpeg, big enough to keep', async () => {
    const mp3 = await encodeMp3(tone(1), RATE);
    expect(mp3.type).toBe('audio/mpeg');
    const data = await bytes(mp3);
    // Frame sync (11 set bits), MPEG-1, layer III.
    expect(data[0]).toBe(0xff);
    expect((data[1] ?? 0) & 0xfe).toBe(0xfa);
    // 128 kbit/s for one second is about 16000 bytes.
    expect(data.length).toBeGreaterThan(15_000);
    expect(data.length).toBeLessThan(17_500);
    expect(data.length).toBeGreaterThanOrEqual(MIN_AUDIO_BYTES);
  });

  it('leaves a click under the minimum size', async () => {
    expect((await encodeMp3(tone(0.2), RATE)).size).toBeLessThan(MIN_AUDIO_BYTES);
  });

  it('averages stereo into one channel', () => {
    const mixed = mixDown([Float32Array.from([1, 0.5]), Float32Array.from([0, -0.5])]);
    expect(Array.from(mixed)).toEqual([0.5, 0]);
  });

  it('names the file with a bare timestamp and the mp3 extension', () => {
    expect(recordingFileName(1763788800123)).toBe('1763788800123.mp3');
  });
});
