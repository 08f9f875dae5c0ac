// The outside services bots talk to, played on 127.0.0.1 for the browser tests: OpenAI's chat completions and
// Dialogflow's detect-intent with Google's token endpoint. The e2e server is started pointing at them.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The phrase a model answers with when a human is needed (server-behaviour 8.1). */
export const TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento';

/** What the fake model answers: a transfer when the customer asks for a person, else an echo. */
export function modelAnswer(customerText: string): string {
  return /atendente/i.test(customerText)
    ? `${TRANSFER_PHRASE}. Certo, vou chamar um atendente humano.`
    : `Olá! Sou a assistente virtual. Você disse: ${customerText}`;
}

export const DIALOGFLOW_REPLY = 'Olá! O Dialogflow está respondendo.';

/** What the fake Typebot's flow `loja` says when a chat starts, two messages (each after the integration's delay). */
export const TYPEBOT_GREETING = ['Olá! Sou o Typebot da loja.', 'Em que posso ajudar?'];

const typebotText = (text: string) => ({
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});

export interface BotFakes {
  openAiBaseUrl: string;
  dialogflowBaseUrl: string;
  /** The Typebot server's URL (an integration's urlN8N). */
  typebotUrl: string;
  tokenUrl: string;
  serviceAccountJson: string;
  stop(): Promise<void>;
}

async function readJson(request: http.IncomingMessage): Promise<{ raw: string; json: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return { raw, json: JSON.parse(raw) };
  } catch {
    return { raw, json: undefined };
  }
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startBotFakes(): Promise<BotFakes> {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const token = 'e2e-dialogflow-token';
  const server = http.createServer((request, response) => {
    void readJson(request).then(({ raw, json }) => {
      const url = request.url ?? '/';
      if (url === '/v1/chat/completions') {
        const messages = (json as { messages?: Array<{ content: string }> }).messages ?? [];
        const content = modelAnswer(messages.at(-1)?.content ?? '');
        return answer(response, 200, {
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-3.5-turbo-1106',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        });
      }
      if (/^\/api\/v1\/typebots\/[^/]+\/startChat$/.test(url)) {
        return answer(response, 200, {
          sessionId: `e2e-session-${Date.now()}`,
          messages: TYPEBOT_GREETING.map(typebotText),
        });
      }
      if (url === '/token') {
        const [header, claims, signature] = (new URLSearchParams(raw).get('assertion') ?? '').split('.');
        const valid =
          header !== undefined &&
          claims !== undefined &&
          signature !== undefined &&
          createVerify('RSA-SHA256')
            .update(`${header}.${claims}`)
            .verify(keys.publicKey, Buffer.from(signature, 'base64url'));
        return valid
          ? answer(response, 200, { access_token: token, expires_in: 3600 })
          : answer(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      if (/:detectIntent$/.test(url) && request.headers.authorization === `Bearer ${token}`) {
        return answer(response, 200, {
          queryResult: { fulfillmentMessages: [{ text: { text: [DIALOGFLOW_REPLY] } }] },
        });
      }
      return answer(response, 404, { error: { message: `no fake for ${url}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    openAiBaseUrl: `${base}/v1`,
    dialogflowBaseUrl: base,
    typebotUrl: base,
    tokenUrl: `${base}/token`,
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: 'zapdesk-e2e',
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'bot@zapdesk-e2e.iam.gserviceaccount.com',
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
