// OpenAI's chat completions played on 127.0.0.1 for the benchmarks (the servers under test point
// OPENAI_BASE_URL at it): answers at once, and keeps how long each answer took so bot-turn figures can leave it
// out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  baseUrl: string;
  /** Milliseconds the fake spent on each request (reading it to answering it), in arrival order. */
  answerMs: number[];
  stop(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const answerMs: number[] = [];
  const server = http.createServer((request, response) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        messages?: Array<{ content: string }>;
      };
      const last = body.messages?.at(-1)?.content ?? '';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-bench',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-3.5-turbo-1106',
          choices: [
            { index: 0, message: { role: 'assistant', content: `Resposta: ${last}` }, finish_reason: 'stop' },
          ],
        }),
      );
      answerMs.push(performance.now() - started);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answerMs,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
