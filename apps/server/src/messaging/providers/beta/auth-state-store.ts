import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import type { AuthState } from '..';

/** Plain JSON for a jsonb column: Buffers and Uint8Arrays become `{type:'Buffer', data:<base64>}`. */
export const toStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value, BufferJSON.replacer));

/** The value baileys wrote, Buffers revived. */
export const fromStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value), BufferJSON.reviver);

const isStoredCreds = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && 'noiseKey' in value && 'signedIdentityKey' in value;

/** Baileys' auth state of one connection, kept in PostgreSQL (never in files). */
export interface BaileysAuthStore {
  readonly state: AuthenticationState;
  /** Writes the current creds (after baileys' `creds.update` changed them). */
  saveCreds(): Promise<void>;
  /** Resolves once every write queued so far has landed (or failed). */
  flush(): Promise<void>;
  /** Forgets creds and keys (logout, unscanned QRs); later writes of the dying socket are dropped. */
  wipe(): Promise<void>;
}

/**
 * Loads the connection's creds (fresh ones when none are stored) and exposes its keys to baileys. Every
 * write goes through one queue, so a creds write never overtakes a newer one and nothing lands after wipe().
 * A `keys.set` with many types and ids is one `writeKeys` call: one database transaction.
 */
export async function loadBaileysAuthState(store: AuthState): Promise<BaileysAuthStore> {
  const stored = await store.readCreds();
  const creds = isStoredCreds(stored) ? (fromStored(stored) as AuthenticationCreds) : initAuthCreds();
  let writes: Promise<unknown> = Promise.resolve();
  let wiped = false;

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const next = writes.then(() => (wiped ? undefined : work()));
    writes = next.catch(() => undefined);
    return next;
  };

  const keys = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const rows = await store.readKeys(type, ids);
      const values: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, raw] of Object.entries(rows)) {
        const value = fromStored(raw);
        values[id] = (
          type === 'app-state-sync-key' && typeof value === 'object' && value !== null
            ? proto.Message.AppStateSyncKeyData.fromObject(value)
            : value
        ) as SignalDataTypeMap[T];
      }
      return values;
    },
    set(data: SignalDataSet) {
      const rows: Record<string, Record<string, unknown>> = {};
      for (const [type, entries] of Object.entries(data)) {
        if (!entries) continue;
        const typed: Record<string, unknown> = {};
        for (const [id, value] of Object.entries(entries))
          typed[id] = value === null ? null : toStored(value);
        rows[type] = typed;
      }
      return enqueue(() => store.writeKeys(rows));
    },
  };

  return {
    state: { creds, keys },
    saveCreds: () => enqueue(() => store.writeCreds(toStored(creds))),
    flush: () => writes.then(() => undefined),
    wipe: () => {
      const next = writes.then(() => {
        wiped = true;
        return store.clear();
      });
      writes = next.catch(() => undefined);
      return next;
    },
  };
}
