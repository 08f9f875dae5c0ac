import { MASKED_PRIVATE_KEY } from '@zapdesk/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';

/** A Dialogflow service-account JSON as the console downloads it (the fields detect-intent needs). */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  projectId: string;
}

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The credentials in the JSON, or a readable reason they cannot be used. */
export function readServiceAccount(json: string): ServiceAccount | string {
  const value = parseObject(json);
  if (!value) return 'jsonContent is not a JSON object';
  const { client_email: clientEmail, private_key: privateKey, project_id: projectId } = value;
  if (typeof clientEmail !== 'string' || typeof privateKey !== 'string') {
    return 'jsonContent has no client_email and private_key (a service-account key file is expected)';
  }
  return { clientEmail, privateKey, projectId: typeof projectId === 'string' ? projectId : '' };
}

/** The JSON a browser may see: the private key replaced by a mask. */
export function maskServiceAccount(json: string): string {
  const value = parseObject(json);
  if (!value || typeof value.private_key !== 'string') return json;
  return JSON.stringify({ ...value, private_key: MASKED_PRIVATE_KEY }, null, 2);
}

/** A JSON sent back with the masked key gets the stored key again (the browser never had it). */
export function restorePrivateKey(json: string, storedJson: string): string {
  const value = parseObject(json);
  if (!value || value.private_key !== MASKED_PRIVATE_KEY) return json;
  const stored = parseObject(storedJson);
  return JSON.stringify({ ...value, private_key: stored?.private_key ?? '' }, null, 2);
}

/** The stored (encrypted) JSON, readable. */
export function openJsonContent(box: SecretBox, stored: string): string {
  return stored === '' ? '' : box.decrypt(stored);
}
