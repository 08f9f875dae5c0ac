import { FakeHttpServer, type FakeAnswer, type FakeRequest } from './fake-http';

export interface ChatRequest {
  model: string;
  max_tokens: number;
  temperature: number;
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
}

/**
 * OpenAI's chat completions and audio transcriptions on 127.0.0.1 (point OPENAI_BASE_URL at `baseUrl`). The
 * answer is scripted per test (default: an echo of the last user message); `delayMs` plays a slow model.
 */
export class FakeOpenAiServer {
  readonly chats: Array<{ apiKey: string; body: ChatRequest }> = [];
  readonly transcriptions: Array<{ apiKey: string; bytes: number }> = [];
  answer: (request: ChatRequest) => FakeAnswer | string = (request) =>
    `Eco: ${request.messages.at(-1)?.content ?? ''}`;
  transcript = 'transcrição do áudio';
  readonly http = new FakeHttpServer((request) => this.#handle(request));

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  get baseUrl(): string {
    return `${this.http.url}/v1`;
  }

  #handle(request: FakeRequest): FakeAnswer {
    const apiKey = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (request.path === '/v1/audio/transcriptions') {
      this.transcriptions.push({ apiKey, bytes: request.raw.length });
      return { body: { text: this.transcript } };
    }
    if (request.path !== '/v1/chat/completions')
      return { status: 404, body: { error: { message: 'not found' } } };
    const body = request.body as ChatRequest;
    this.chats.push({ apiKey, body });
    const scripted = this.answer(body);
    const answer: FakeAnswer = typeof scripted === 'string' ? { body: scripted } : scripted;
    if (typeof answer.body !== 'string') return answer;
    return {
      ...answer,
      body: {
        id: `chatcmpl-${this.chats.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.body }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    };
  }
}
