import fs from 'node:fs';
import https from 'node:https';
import { PixProviderError } from './pix-provider';

export interface EfiCredentials {
  baseUrl: string;
  clientId?: string;
  clientSecret?: string;
  /** The client certificate: .p12/.pfx, or PEM holding the certificate and its key. */
  certificate?: string;
  certificatePassword?: string;
  /** Extra authorities to trust (PEM), e.g. a local fake server's. */
  caFile?: string;
}

const TIMEOUT_MS = 10_000;
/** A token is renewed this long before Efí says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface Answer {
  status: number;
  body: unknown;
}

/**
 * Plain HTTPS to Efí Bank's Pix API: every request carries the client certificate (mutual TLS) and, but for the
 * token request, an OAuth bearer token from client credentials, kept until shortly before it expires.
 */
export class EfiClient {
  #agent: https.Agent | undefined;
  #token: { value: string; until: number } | undefined;

  constructor(private readonly credentials: EfiCredentials) {}

  /** Sends `body` as JSON with a token; answers the parsed JSON, throws PixProviderError on any other status. */
  async request(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, headers = {}): Promise<Answer> {
    const token = await this.token();
    return this.send(method, path, body, { authorization: `Bearer ${token}`, ...headers });
  }

  private async token(): Promise<string> {
    if (this.#token && Date.now() < this.#token.until) return this.#token.value;
    const { clientId, clientSecret } = this.credentials;
    if (!clientId || !clientSecret) throw new PixProviderError('Efí credentials are not configured');
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const answer = await this.send(
      'POST',
      '/oauth/token',
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown };
    if (answer.status !== 200 || typeof body.access_token !== 'string') {
      throw new PixProviderError(`Efí token refused (${answer.status})`, answer.status);
    }
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    this.#token = { value: body.access_token, until: Date.now() + lifetimeMs - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  private agent(): https.Agent {
    if (this.#agent) return this.#agent;
    const { certificate, certificatePassword, caFile } = this.credentials;
    if (!certificate) throw new PixProviderError('Efí certificate is not configured');
    let tls: https.AgentOptions;
    try {
      const bytes = fs.readFileSync(certificate);
      tls = /\.(p12|pfx)$/i.test(certificate)
        ? { pfx: bytes, passphrase: certificatePassword }
        : { cert: bytes, key: bytes, passphrase: certificatePassword };
      if (caFile) tls.ca = fs.readFileSync(caFile);
    } catch (error) {
      throw new PixProviderError(`Efí certificate unreadable: ${(error as Error).message}`);
    }
    this.#agent = new https.Agent({ ...tls, keepAlive: true });
    return this.#agent;
  }

  private send(method: string, path: string, body: object | undefined, headers: object): Promise<Answer> {
    const agent = this.agent();
    const url = new URL(path, `${this.credentials.baseUrl}/`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<Answer>((resolve, reject) => {
      const request = https.request(
        url,
        {
          method,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text === '' ? null : JSON.parse(text);
            } catch {
              // not JSON: kept as text for the error message
            }
            resolve({ status: response.statusCode ?? 0, body: parsed });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('Efí request timed out')));
      request.on('error', (error) => reject(new PixProviderError(`Efí unreachable: ${error.message}`)));
      request.end(payload);
    });
  }
}
