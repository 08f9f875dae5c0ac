import { readItem, removeItem, sessionKeys, storageKeys, writeItem } from './storage';

export type SessionEndReason = 'expired' | 'logout';
type SessionEndListener = (reason: SessionEndReason) => void;

const listeners = new Set<SessionEndListener>();

/** The access token; read from storage each time so every tab sees the latest one. */
export function getToken(): string | null {
  const raw = readItem(storageKeys.token);
  if (!raw) return null;
  // Older clients stored the token JSON-encoded, with quotes.
  return raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
}

export function setToken(token: string): void {
  writeItem(storageKeys.token, token);
}

/** Removes the session keys and tells the app (which then shows /login). */
export function endSession(reason: SessionEndReason): void {
  sessionKeys.forEach(removeItem);
  listeners.forEach((listener) => listener(reason));
}

export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
