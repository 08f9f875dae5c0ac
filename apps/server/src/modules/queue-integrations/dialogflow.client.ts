import { createHash, createSign } from 'node:crypto';
import type { ServiceAccount } from './service-account';

/** Where detect-intent and the token exchange go: Google's by default, local fakes in tests. */
export interface DialogflowEndpoints {
  baseUrl: string;
  tokenUrl: string;
}

export interface DetectIntentInput {
  projectName: string;
  language: string;
  sessionId: string;
  text: string;
}

export interface DetectIntentResult {
  /** Text fulfilment messages, in order. */
  texts: string[];
  /** The matched intent ends the interaction: the bot hands the ticket back. */
  endInteraction: boolean;
}

/** A refusal or failure of Dialogflow or of the token endpoint, with the provider's own words. */
export class DialogflowError extends Error {
  override name = 'DialogflowError';
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';
const TIMEOUT_MS = 10_000;
const tokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * One detect-intent over Dialogflow's REST API (v2) with a service account: an access token from the OAuth
 * JWT-bearer grant (RS256 assertion signed with the account's key, cached until shortly before it expires), then
 * `projects/{project}/agent/sessions/{session}:detectIntent`.
 */
export async function detectIntent(
  endpoints: DialogflowEndpoints,
  account: ServiceAccount,
  input: DetectIntentInput,
): Promise<DetectIntentResult> {
  const token = await accessToken(endpoints.tokenUrl, account);
  const url =
    `${endpoints.baseUrl}/v2/projects/${encodeURIComponent(input.projectName)}` +
    `/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
  const body = await postJson(
    url,
    { queryInput: { text: { text: input.text, languageCode: input.language } } },
    {
      authorization: `Bearer ${token}`,
    },
  );
  return readResult(body);
}

async function accessToken(tokenUrl: string, account: ServiceAccount): Promise<string> {
  const cacheKey = `${tokenUrl}|${account.clientEmail}|${createHash('sha256').update(account.privateKey).digest('hex')}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
  const now = Math.floor(Date.now() / 1000);
  const assertion = signJwt(account, {
    iss: account.clientEmail,
    scope: SCOPE,
    aud: tokenUrl,
    iat: now,
    exp: now + 3600,
  });
  const response = await fetchWithTimeout(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    expires_in?: unknown;
    error_description?: unknown;
    error?: unknown;
  };
  if (!response.ok || typeof body.access_token !== 'string') {
    const reason =
      typeof body.error_description === 'string' ? body.error_description : String(body.error ?? '');
    throw new DialogflowError(`token request refused (${response.status})${reason ? `: ${reason}` : ''}`);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + lifetime * 1000 });
  return body.access_token;
}

function signJwt(account: ServiceAccount, claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  try {
    const signature = createSign('RSA-SHA256')
      .update(unsigned)
      .sign(account.privateKey)
      .toString('base64url');
    return `${unsigned}.${signature}`;
  } catch {
    throw new DialogflowError('the private_key of jsonContent is not a valid PEM key');
  }
}

async function postJson(url: string, payload: unknown, headers: Record<string, string>): Promise<unknown> {
  const response = await fetchWithTimeout(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    throw new DialogflowError(
      `detect-intent failed (${response.status})${typeof message === 'string' ? `: ${message}` : ''}`,
    );
  }
  return body;
}

async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new DialogflowError(`Dialogflow unreachable: ${(error as Error).message}`);
  }
}

interface QueryResult {
  fulfillmentText?: string;
  fulfillmentMessages?: Array<{ text?: { text?: string[] } }>;
  intent?: { endInteraction?: boolean };
  diagnosticInfo?: { end_conversation?: boolean };
}

function readResult(body: unknown): DetectIntentResult {
  const result = (body as { queryResult?: QueryResult } | undefined)?.queryResult ?? {};
  const texts = (result.fulfillmentMessages ?? [])
    .flatMap((message) => message.text?.text ?? [])
    .filter((text) => text.trim() !== '');
  if (texts.length === 0 && result.fulfillmentText) texts.push(result.fulfillmentText);
  return {
    texts,
    endInteraction:
      result.intent?.endInteraction === true || result.diagnosticInfo?.end_conversation === true,
  };
}
