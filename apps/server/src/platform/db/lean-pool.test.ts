import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { batchWrites, sqlLiteral } from './lean-pool';

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

describe('sqlLiteral', () => {
  it('writes the text pg would bind, quoted so that it reads back the same', () => {
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(undefined)).toBe('null');
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral('plain ção')).toBe("'plain ção'");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(sqlLiteral("\\'; drop table users; --")).toBe("E'\\\\''; drop table users; --'");
    expect(sqlLiteral([1, null, 3])).toBe('\'{"1",NULL,"3"}\'');
    expect(sqlLiteral({ a: "b'c" })).toBe(`'{"a":"b''c"}'`);
  });

  it('leaves out what a simple-protocol text cannot carry as it is: bytes and NUL characters', () => {
    expect(sqlLiteral(Buffer.from('ab'))).toBeUndefined();
    expect(sqlLiteral('a\0b')).toBeUndefined();
  });
});
