import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem, type StorageKey } from '../session/storage';

export interface Preference<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

/** A value kept in localStorage that components read with `usePreference` and re-render on change. */
export function createPreference<T>(
  key: StorageKey,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string | null,
): Preference<T> {
  const listeners = new Set<() => void>();
  let current = parse(readItem(key));
  return {
    get: () => current,
    set(value) {
      current = value;
      const raw = serialize(value);
      if (raw === null) removeItem(key);
      else writeItem(key, raw);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function usePreference<T>(preference: Preference<T>): T {
  return useSyncExternalStore(preference.subscribe, preference.get, preference.get);
}
