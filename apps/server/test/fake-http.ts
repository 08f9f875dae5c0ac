import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a fake received: method, path (with query), headers and the body (JSON when it parses). */
export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Waits this long before answering (a slow provider). */
  delayMs?: number;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A tiny HTTP server on 127.0.0.1 for playing an outside service in tests: it records every request and lets
 * the handler answer. `close()` ends it, cutting slow answers short.
 */
export class FakeHttpServer {
  readonly requests: FakeRequest[] = [];
  readonly #server: http.Server;
  #url = '';

  constructor(private readonly handler: FakeHandler) {
    this.#server = http.createServer((req, res) => void this.#serve(req, res));
  }

  get url(): string {
    return this.#url;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let body: unknown = raw.toString('utf8');
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      // not JSON: kept as text
    }
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      raw,
      body,
    };
    this.requests.push(request);
    try {
      const answer = await this.handler(request);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body ?? {}));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: (error as Error).message } }));
    }
  }
}
