import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody } from '../src/messaging/providers/cloud';

/** A business phone number the fake knows, with the token that opens it. */
export interface FakeNumber {
  phoneNumberId: string;
  accessToken: string;
  displayPhoneNumber: string;
}

/** A message our server sent through POST /{phone-number-id}/messages. */
export interface GraphSent {
  phoneNumberId: string;
  wid: string;
  to: string;
  type: string;
  body: Record<string, any>;
}

export interface GraphMedia {
  id: string;
  data: Buffer;
  mimetype: string;
  fileName?: string;
}

export type GraphCall = 'phone' | 'messages' | 'upload' | 'media' | 'download';

interface Failure {
  call: GraphCall | 'any';
  status: number;
  code?: number;
  message: string;
}

export type SignatureMode = 'valid' | 'missing' | 'wrong';

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const graphError = (response: http.ServerResponse, status: number, message: string, code: number) =>
  json(response, status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } });

/**
 * The Graph API of the WhatsApp Business Cloud API, played on 127.0.0.1 for tests: checks the bearer token,
 * records what was sent, uploaded and marked read, serves media by id, fails on demand, and plays Meta's side
 * of webhooks (signed with an app secret, posted to our server).
 */
export class FakeGraphServer {
  readonly sent: GraphSent[] = [];
  readonly reads: Array<{ phoneNumberId: string; wid: string }> = [];
  readonly uploads: GraphMedia[] = [];
  readonly media = new Map<string, GraphMedia>();
  /** Every request's method and path, oldest first. */
  readonly requests: string[] = [];
  readonly #numbers = new Map<string, FakeNumber>();
  readonly #failures: Failure[] = [];
  readonly #server = http.createServer((request, response) => {
    this.#handle(request, response).catch((error: unknown) => {
      json(response, 500, { error: { message: String(error), code: 1 } });
    });
  });
  #url = '';

  /** The base URL to configure as WHATSAPP_CLOUD_BASE_URL. */
  get url(): string {
    return this.#url;
  }

  static async start(): Promise<FakeGraphServer> {
    const fake = new FakeGraphServer();
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.#server.address() as AddressInfo;
    fake.#url = `http://127.0.0.1:${port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  addNumber(number: Partial<FakeNumber> = {}): FakeNumber {
    const added: FakeNumber = {
      phoneNumberId: number.phoneNumberId ?? String(100_000_000_000 + Math.floor(Math.random() * 1e11)),
      accessToken: number.accessToken ?? `EAAG${randomBytes(12).toString('hex')}`,
      displayPhoneNumber: number.displayPhoneNumber ?? '+55 11 3333-4444',
    };
    this.#numbers.set(added.phoneNumberId, added);
    return added;
  }

  /** The next `times` calls of that kind answer this error (429 and 5xx for transient failures). */
  fail(
    call: GraphCall | 'any',
    failure: { status: number; code?: number; message?: string; times?: number },
  ) {
    for (let i = 0; i < (failure.times ?? 1); i++) {
      this.#failures.push({
        call,
        status: failure.status,
        ...(failure.code !== undefined ? { code: failure.code } : {}),
        message: failure.message ?? `Fake failure ${failure.status}`,
      });
    }
  }

  /** Media a customer sent, as Meta keeps it until we download it. */
  storeMedia(file: Omit<GraphMedia, 'id'>): GraphMedia {
    const stored = { ...file, id: String(Math.floor(Math.random() * 1e15)) };
    this.media.set(stored.id, stored);
    return stored;
  }

  sentTo(to: string): GraphSent[] {
    return this.sent.filter((m) => m.to === to);
  }

  /** Posts a webhook body to our server like Meta: raw JSON, signed with the app secret (or not). */
  async postWebhook(
    url: string,
    appSecret: string,
    payload: unknown,
    signature: SignatureMode = 'valid',
  ): Promise<{ status: number; body: string }> {
    const raw = Buffer.from(JSON.stringify(payload));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature === 'valid') headers['x-hub-signature-256'] = signWebhookBody(raw, appSecret);
    if (signature === 'wrong') headers['x-hub-signature-256'] = signWebhookBody(raw, `${appSecret}-not`);
    const response = await fetch(url, { method: 'POST', headers, body: raw });
    return { status: response.status, body: await response.text() };
  }

  async #handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.#url);
    this.requests.push(`${request.method} ${url.pathname}`);
    const raw = await readBody(request);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

    const download = /^\/media-files\/([^/]+)$/.exec(url.pathname);
    if (download?.[1]) return this.#download(download[1], token, response);

    const [, , first, second] = url.pathname.split('/');
    if (!first) return graphError(response, 404, 'Unknown path', 100);
    const number = this.#numbers.get(first);
    const call: GraphCall = !number
      ? 'media'
      : second === 'messages'
        ? 'messages'
        : second
          ? 'upload'
          : 'phone';
    const failure = this.#takeFailure(call);
    if (failure) return graphError(response, failure.status, failure.message, failure.code ?? failure.status);

    if (!number && request.method !== 'GET')
      return graphError(response, 400, 'Unsupported post request.', 100);
    if (!number) return this.#mediaUrl(first, token, response);
    if (token !== number.accessToken) return graphError(response, 401, 'Invalid OAuth access token.', 190);
    if (call === 'phone') {
      return json(response, 200, {
        id: number.phoneNumberId,
        display_phone_number: number.displayPhoneNumber,
        verified_name: 'Zapdesk Test',
      });
    }
    if (call === 'upload') return this.#upload(raw, request.headers['content-type'] ?? '', response);
    return this.#messages(number, raw, response);
  }

  #takeFailure(call: GraphCall): Failure | undefined {
    const index = this.#failures.findIndex((f) => f.call === call || f.call === 'any');
    return index < 0 ? undefined : this.#failures.splice(index, 1)[0];
  }

  #messages(number: FakeNumber, raw: Buffer, response: http.ServerResponse): void {
    const body = JSON.parse(raw.toString('utf8')) as Record<string, any>;
    if (body.messaging_product !== 'whatsapp') {
      return graphError(response, 400, '(#100) The parameter messaging_product is required.', 100);
    }
    if (body.status === 'read') {
      this.reads.push({ phoneNumberId: number.phoneNumberId, wid: String(body.message_id) });
      return json(response, 200, { success: true });
    }
    const type = String(body.type ?? 'text');
    const content = body[type] as Record<string, any> | undefined;
    if (!content) return graphError(response, 400, `(#100) Param ${type} is required.`, 100);
    if (type !== 'text' && !this.media.has(String(content.id))) {
      return graphError(response, 400, '(#131053) Media upload error', 131053);
    }
    const wid = `wamid.${randomBytes(18).toString('base64url')}`;
    this.sent.push({ phoneNumberId: number.phoneNumberId, wid, to: String(body.to), type, body });
    json(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wid }],
    });
  }

  async #upload(raw: Buffer, contentType: string, response: http.ServerResponse) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => undefined);
    const file = form?.get('file');
    if (!form || form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
      return graphError(response, 400, '(#100) messaging_product and file are required', 100);
    }
    const stored = this.storeMedia({
      data: Buffer.from(await file.arrayBuffer()),
      mimetype: String(form.get('type') ?? file.type),
      ...(file instanceof File ? { fileName: file.name } : {}),
    });
    this.uploads.push(stored);
    json(response, 200, { id: stored.id });
  }

  #mediaUrl(mediaId: string, token: string | undefined, response: http.ServerResponse): void {
    if (![...this.#numbers.values()].some((n) => n.accessToken === token)) {
      return graphError(response, 401, 'Invalid OAuth access token.', 190);
    }
    const media = this.media.get(mediaId);
    if (!media) return graphError(response, 404, 'Unsupported get request.', 100);
    json(response, 200, {
      messaging_product: 'whatsapp',
      id: media.id,
      url: `${this.#url}/media-files/${media.id}`,
      mime_type: media.mimetype,
      file_size: media.data.length,
    });
  }

  #download(mediaId: string, token: string | undefined, response: http.ServerResponse): void {
    const failure = this.#takeFailure('download');
    if (failure) return graphError(response, failure.status, failure.message, failure.code ?? failure.status);
    const media = this.media.get(mediaId);
    if (![...this.#numbers.values()].some((n) => n.accessToken === token)) {
      return graphError(response, 401, 'Invalid OAuth access token.', 190);
    }
    if (!media) return graphError(response, 404, 'Not found', 100);
    response.writeHead(200, { 'content-type': media.mimetype });
    response.end(media.data);
  }
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A webhook body the way Meta sends one for a phone number: one entry, one `messages` change. */
export function webhookPayload(
  number: Pick<FakeNumber, 'phoneNumberId' | 'displayPhoneNumber'>,
  value: { contacts?: unknown[]; messages?: unknown[]; statuses?: unknown[] },
): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: number.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A new wamid like Meta's. */
export const newWamid = (): string => `wamid.${randomBytes(24).toString('base64url')}`;

/** A customer's message: the contacts block (with the profile name) and the message with its type fields. */
export function customerMessage(
  from: string,
  message: Record<string, unknown> & { type: string },
  options: { name?: string; wid?: string } = {},
): { wid: string; value: { contacts: unknown[]; messages: unknown[] } } {
  const wid = options.wid ?? newWamid();
  return {
    wid,
    value: {
      contacts: [{ profile: { name: options.name ?? 'Cliente' }, wa_id: from }],
      messages: [{ from, id: wid, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
    },
  };
}

/** A status of one of our messages as Meta reports it. */
export function messageStatus(
  wid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  recipient: string,
): Record<string, unknown> {
  return {
    id: wid,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: recipient,
    ...(status === 'failed'
      ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] }
      : {}),
  };
}
