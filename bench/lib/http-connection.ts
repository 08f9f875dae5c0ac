// One kept-alive HTTP/1.1 connection of the load generator, which reads only what it measures: the status and
// where the answer ends. The generator shares the machine's two cores with the server and PostgreSQL, and
// node:http spent 0.2–0.6 ms of CPU per request building request objects and parsing every header, a tenth to a
// fifth of a message page's whole cost; a client on another machine would not take that from the server.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

interface Pending {
  resolve: (status: number) => void;
  reject: (error: Error) => void;
}

/** Answers requests one at a time (a closed-loop client never has two in flight) on one socket. */
export class HttpConnection {
  #socket: net.Socket | undefined;
  #pending: Pending | undefined;
  /** What has arrived of the current answer. */
  #received: Buffer = Buffer.alloc(0);

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends one request and resolves with its status once the whole answer has arrived. */
  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
    if (this.#pending) return Promise.reject(new Error('one request at a time per connection'));
    const socket = this.#socket ?? this.connect();
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}:${this.port}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
    const head = `${lines.join('\r\n')}\r\n\r\n`;
    return new Promise<number>((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#received = Buffer.alloc(0);
      socket.write(body === undefined ? head : head + body);
    });
  }

  close(): void {
    const socket = this.#socket;
    this.#socket = undefined;
    socket?.destroy();
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    // A socket closed after its last answer (`connection: close`) may still report: only the current one counts.
    socket.on('data', (chunk: Buffer) => {
      if (this.#socket === socket) this.onData(chunk);
    });
    const fail = (error: Error) => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      const pending = this.#pending;
      this.#pending = undefined;
      pending?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    this.#socket = socket;
    return socket;
  }

  private onData(chunk: Buffer): void {
    this.#received = this.#received.length === 0 ? chunk : Buffer.concat([this.#received, chunk]);
    const answer = parseAnswer(this.#received);
    if (!answer) return;
    const pending = this.#pending;
    this.#pending = undefined;
    this.#received = Buffer.alloc(0);
    if (answer.closes) this.close();
    pending?.resolve(answer.status);
  }
}

/** The status of a complete answer in `data`, or undefined while it is still arriving. */
export function parseAnswer(data: Buffer): { status: number; closes: boolean } | undefined {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = data.toString('latin1', 0, headerEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + HEADER_END.length;
  const closes = /\r\nconnection: *close/.test(head);
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) return data.length - bodyStart >= Number(length[1]) ? { status, closes } : undefined;
  if (/\r\ntransfer-encoding: *chunked/.test(head))
    return chunkedEnd(data, bodyStart) ? { status, closes } : undefined;
  // No body: 204, 304, or an answer to HEAD.
  return { status, closes };
}

/** Whether a chunked body starting at `from` has arrived up to its last chunk. */
function chunkedEnd(data: Buffer, from: number): boolean {
  let at = from;
  for (;;) {
    const lineEnd = data.indexOf(CRLF, at);
    if (lineEnd < 0) return false;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunked answer');
    // The chunk, then its CRLF; the last chunk (size 0) ends with an empty trailer line.
    const next = lineEnd + CRLF.length + size + CRLF.length;
    if (size === 0) return data.length >= next;
    if (data.length < next) return false;
    at = next;
  }
}
