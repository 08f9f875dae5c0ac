import { z } from 'zod';
import type { GraphEndpoint } from './cloud-credentials';
import { graphAnswerError, graphNetworkError, graphShapeError } from './graph-errors';

const API_TIMEOUT_MS = 30_000;
const MEDIA_TIMEOUT_MS = 5 * 60_000;

const PhoneNumberAnswer = z.object({
  id: z.string().optional(),
  display_phone_number: z.string(),
  verified_name: z.string().optional(),
});
const SendAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const UploadAnswer = z.object({ id: z.string().min(1) });
const MediaAnswer = z.object({ url: z.string().url(), mime_type: z.string().optional() });
const SuccessAnswer = z.object({ success: z.boolean().optional() });

type Body = { json: unknown } | { form: FormData } | undefined;

/** The Graph API calls of one cloud connection (bearer = its access token). */
export class GraphClient {
  constructor(
    private readonly endpoint: GraphEndpoint,
    private readonly accessToken: string,
  ) {}

  /** The number's display form (`+55 11 99876-5432`); checks the token and phone number id on the way. */
  async getPhoneNumber(
    phoneNumberId: string,
  ): Promise<{ displayPhoneNumber: string; verifiedName?: string }> {
    const query = '?fields=display_phone_number,verified_name';
    const answer = await this.#call(
      'check the phone number',
      'GET',
      `${phoneNumberId}${query}`,
      undefined,
      PhoneNumberAnswer,
    );
    return {
      displayPhoneNumber: answer.display_phone_number,
      ...(answer.verified_name ? { verifiedName: answer.verified_name } : {}),
    };
  }

  /** POST /{phone-number-id}/messages; answers the new message's wid (wamid). */
  async sendMessage(phoneNumberId: string, message: Record<string, unknown>): Promise<string> {
    const json = { messaging_product: 'whatsapp', recipient_type: 'individual', ...message };
    const answer = await this.#call('send', 'POST', `${phoneNumberId}/messages`, { json }, SendAnswer);
    const [first] = answer.messages;
    if (!first) throw graphShapeError('send', 'no message id');
    return first.id;
  }

  /** Uploads a file for sending (multipart); answers its media id. */
  async uploadMedia(
    phoneNumberId: string,
    file: { data: Buffer; mimetype: string; fileName: string },
  ): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimetype);
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.fileName);
    const answer = await this.#call('upload media', 'POST', `${phoneNumberId}/media`, { form }, UploadAnswer);
    return answer.id;
  }

  /** Marks an inbound message (and the ones before it) as read. */
  async markRead(phoneNumberId: string, wid: string): Promise<void> {
    const json = { messaging_product: 'whatsapp', status: 'read', message_id: wid };
    await this.#call('mark as read', 'POST', `${phoneNumberId}/messages`, { json }, SuccessAnswer);
  }

  /** The bytes of an inbound media: its short-lived URL first, then the file (the URL wants the token too). */
  async downloadMedia(mediaId: string): Promise<{ data: Buffer; mimetype?: string }> {
    const media = await this.#call(
      'download media',
      'GET',
      encodeURIComponent(mediaId),
      undefined,
      MediaAnswer,
    );
    const response = await this.#fetch('download media', media.url, { method: 'GET' }, MEDIA_TIMEOUT_MS);
    if (!response.ok) throw graphAnswerError('download media', response.status, await response.text());
    const data = Buffer.from(await response.arrayBuffer());
    return { data, ...(media.mime_type ? { mimetype: media.mime_type } : {}) };
  }

  async #call<T>(
    action: string,
    method: 'GET' | 'POST',
    path: string,
    body: Body,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const url = `${this.endpoint.baseUrl}/${this.endpoint.version}/${path}`;
    const init: RequestInit = { method };
    if (body && 'json' in body) {
      init.body = JSON.stringify(body.json);
      init.headers = { 'content-type': 'application/json' };
    } else if (body) {
      init.body = body.form;
    }
    const response = await this.#fetch(action, url, init, API_TIMEOUT_MS);
    const text = await response.text();
    if (!response.ok) throw graphAnswerError(action, response.status, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw graphShapeError(action, 'not JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw graphShapeError(action, parsed.error.issues[0]?.message ?? 'invalid');
    return parsed.data;
  }

  async #fetch(action: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${this.accessToken}`);
    try {
      return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw graphNetworkError(action, error);
    }
  }
}
