// The web app's own translation files, so tests assert the translated text the user must see
// (not a raw key or error code) without copying the wording.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server';

export type Language = 'pt' | 'en' | 'es';

const cache = new Map<string, unknown>();

function namespace(language: Language, ns: string): unknown {
  const file = path.join(repoRoot, 'apps/web/src/locales', language, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
  return cache.get(file);
}

/**
 * The text of `ns:dotted.key` in a language, with `{{name}}` variables filled and tags such as <b>
 * removed (what innerText shows).
 */
export function t(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, dotted] = key.includes(':') ? key.split(':', 2) : ['common', key];
  let node: unknown = namespace(language, ns!);
  for (const part of dotted!.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no text for ${key} in ${language}`);
  return node
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`))
    .replace(/<\/?[a-z0-9]+>/gi, '');
}
