import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batchWrites } from './lean-pool';

/** A socket stand-in that records each system call a real one would make: one per write or writev. */
function recordingStream() {
  const calls: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      calls.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      calls.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
      done();
    },
  });
  return { stream, calls };
}

describe('batchWrites', () => {
  it('sends what one turn writes as one call, and the next turn as another', async () => {
    const { stream, calls } = recordingStream();
    batchWrites(stream);
    stream.write('bind');
    stream.write('describe');
    stream.write('execute');
    stream.write('sync');
    expect(calls).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([['bind', 'describe', 'execute', 'sync']]);
    stream.write('query');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([['bind', 'describe', 'execute', 'sync'], ['query']]);
  });

  it('still sends everything written before the stream ends', async () => {
    const { stream, calls } = recordingStream();
    batchWrites(stream);
    stream.write('terminate');
    stream.end();
    await new Promise((resolve) => stream.on('finish', resolve));
    expect(calls.flat()).toEqual(['terminate']);
  });
});
