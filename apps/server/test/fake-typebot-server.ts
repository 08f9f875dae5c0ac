import { FakeHttpServer, type FakeAnswer, type FakeRequest } from './fake-http';

/** A Typebot text message with plain or marked-up rich text. */
export const typebotText = (
  ...parts: Array<string | { text: string; bold?: boolean; italic?: boolean; underline?: boolean }>
) => ({
  type: 'text',
  content: {
    richText: [
      { type: 'p', children: parts.map((part) => (typeof part === 'string' ? { text: part } : part)) },
    ],
  },
});

export interface TypebotScript {
  messages: unknown[];
  input?: unknown;
}

/**
 * Typebot's chat API (v1) on 127.0.0.1: `startChat` opens a numbered session and answers `start`;
 * `continueChat` answers `reply(message)`. Records every request.
 */
export class FakeTypebotServer {
  readonly starts: Array<{ slug: string; prefilledVariables: Record<string, string> }> = [];
  readonly continues: Array<{ sessionId: string; message: string }> = [];
  start: TypebotScript = { messages: [typebotText('Olá! Bem-vindo.')] };
  reply: (message: string) => TypebotScript = (message) => ({
    messages: [typebotText(`Você escolheu ${message}`)],
  });
  #sessions = 0;
  readonly http = new FakeHttpServer((request) => this.#handle(request));

  async listen(): Promise<this> {
    await this.http.start();
    return this;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  get url(): string {
    return this.http.url;
  }

  #handle(request: FakeRequest): FakeAnswer {
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(request.path);
    if (start) {
      const body = request.body as { prefilledVariables?: Record<string, string> };
      this.starts.push({
        slug: decodeURIComponent(start[1] ?? ''),
        prefilledVariables: body.prefilledVariables ?? {},
      });
      return { body: { sessionId: `session-${++this.#sessions}`, ...this.start } };
    }
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(request.path);
    if (next) {
      const message = String((request.body as { message?: unknown }).message ?? '');
      this.continues.push({ sessionId: decodeURIComponent(next[1] ?? ''), message });
      return { body: this.reply(message) };
    }
    return { status: 404, body: { message: 'not found' } };
  }
}
