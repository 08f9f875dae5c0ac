import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnswer } from './http-connection';
import { runLoad } from './load';

describe('parseAnswer', () => {
  const answer = (text: string) => parseAnswer(Buffer.from(text, 'latin1'));

  it('waits for the whole body its length announces', () => {
    expect(answer('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabc')).toBeUndefined();
    expect(answer('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabcde')).toEqual({
      status: 200,
      closes: false,
    });
    expect(answer('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nConnection: close\r\n\r\n')).toEqual({
      status: 404,
      closes: true,
    });
    expect(answer('HTTP/1.1 200 OK\r\nContent-Len')).toBeUndefined();
  });

  it('waits for the last chunk of a chunked body', () => {
    const head = 'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(answer(`${head}3\r\nabc\r\n`)).toBeUndefined();
    expect(answer(`${head}3\r\nabc\r\n0\r\n`)).toBeUndefined();
    expect(answer(`${head}3\r\nabc\r\na\r\n0123456789\r\n0\r\n\r\n`)).toEqual({ status: 201, closes: false });
  });
});

describe('runLoad', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''} ${body}`);
        if (request.url === '/chunked') {
          response.write('part one, ');
          setTimeout(() => response.end('part two'), 5);
        } else if (request.url === '/close') {
          response.writeHead(200, { connection: 'close' }).end('bye');
        } else if (request.url === '/missing') {
          response.writeHead(404).end(JSON.stringify({ error: 'ERR_NO_TICKET_FOUND' }));
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end('x'.repeat(70_000));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts every answer by status, whole bodies, chunked bodies and closed connections alike', async () => {
    const paths = ['/big?x=1', '/chunked', '/close', '/missing'];
    const result = await runLoad({
      name: 'mixed',
      baseUrl,
      concurrency: 3,
      requests: 40,
      warmup: 0,
      request: (i) => ({
        path: paths[i % paths.length]!,
        init: i % 2 === 0 ? { headers: { authorization: 'Bearer t' } } : { method: 'POST', body: 'hello' },
      }),
    });
    expect(result.statuses).toEqual({ '200': 30, '404': 10 });
    expect(result.ok).toBe(30);
    expect(result.sent).toBe(40);
    expect(seen).toContain('GET /big?x=1 Bearer t ');
    expect(seen).toContain('POST /chunked  hello');
  });

  it('counts a refused connection as a network failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await runLoad({
      name: 'refused',
      baseUrl: `http://127.0.0.1:${port}`,
      concurrency: 2,
      requests: 4,
      warmup: 0,
      request: () => ({ path: '/' }),
    });
    expect(result.statuses).toEqual({ network: 4 });
  });
});
