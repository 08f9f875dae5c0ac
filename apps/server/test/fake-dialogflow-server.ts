import { createVerify, generateKeyPairSync } from 'node:crypto';
import { FakeHttpServer, type FakeRequest } from './fake-http';

export interface DialogflowReply {
  texts: string[];
  endInteraction?: boolean;
}

/**
 * Dialogflow's REST API and Google's token endpoint on 127.0.0.1: the token endpoint verifies the RS256
 * assertion against the service account it issued, detect-intent checks the bearer token and answers the
 * scripted reply for the text (or a fallback), recording each query.
 */
export class FakeDialogflowServer {
  readonly queries: Array<{ project: string; session: string; text: string; languageCode: string }> = [];
  readonly #replies = new Map<string, DialogflowReply>();
  readonly #keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly #token = `fake-token-${Date.now()}`;
  readonly http = new FakeHttpServer((request) => this.#handle(request));

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  get baseUrl(): string {
    return this.http.url;
  }

  get tokenUrl(): string {
    return `${this.http.url}/token`;
  }

  /** A service-account key file as Google's console downloads it. */
  serviceAccountJson(projectId = 'zapdesk-test'): string {
    return JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'fake',
      private_key: this.#keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `bot@${projectId}.iam.gserviceaccount.com`,
      token_uri: 'https://oauth2.googleapis.com/token',
    });
  }

  reply(text: string, reply: DialogflowReply): void {
    this.#replies.set(text, reply);
  }

  #handle(request: FakeRequest) {
    if (request.path === '/token') return this.#issueToken(request);
    const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/.exec(request.path);
    if (!match || request.method !== 'POST')
      return { status: 404, body: { error: { message: 'not found' } } };
    if (request.headers.authorization !== `Bearer ${this.#token}`) {
      return {
        status: 401,
        body: { error: { code: 401, message: 'Request had invalid authentication credentials.' } },
      };
    }
    const query = (request.body as { queryInput?: { text?: { text?: string; languageCode?: string } } })
      .queryInput?.text;
    const project = decodeURIComponent(match[1] ?? '');
    if (project === 'unknown-project') {
      return {
        status: 403,
        body: { error: { code: 403, message: `Permission denied on project ${project}` } },
      };
    }
    this.queries.push({
      project,
      session: decodeURIComponent(match[2] ?? ''),
      text: query?.text ?? '',
      languageCode: query?.languageCode ?? '',
    });
    const reply = this.#replies.get(query?.text ?? '') ?? { texts: [`Você disse: ${query?.text ?? ''}`] };
    return {
      body: {
        responseId: 'fake',
        queryResult: {
          queryText: query?.text,
          fulfillmentText: reply.texts[0] ?? '',
          fulfillmentMessages: reply.texts.map((text) => ({ text: { text: [text] } })),
          intent: { displayName: 'fake', endInteraction: reply.endInteraction ?? false },
        },
      },
    };
  }

  #issueToken(request: FakeRequest) {
    const assertion = new URLSearchParams(String(request.body)).get('assertion') ?? '';
    const [header, claims, signature] = assertion.split('.');
    const valid =
      header !== undefined &&
      claims !== undefined &&
      signature !== undefined &&
      createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(this.#keys.publicKey, Buffer.from(signature, 'base64url'));
    if (!valid)
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    return { body: { access_token: this.#token, expires_in: 3600, token_type: 'Bearer' } };
  }
}
