import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorStatuses } from '@zapdesk/contracts';
import { namespaces } from '../app/i18n/namespaces';

const root = import.meta.dirname;
const languages = ['pt', 'en', 'es'] as const;

/** Spec 1 section 8: every code of the catalogue must show translated. */
const specErrorCodes = [
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_USER_DONT_EXISTS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
];

type Tree = { [key: string]: string | Tree };

function read(language: string, file: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8')) as Tree;
}

/** Dotted paths of every text; an empty text counts as missing. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return value.trim() ? [full] : [];
    return keysOf(value, full);
  });
}

const jsonFiles = (language: string) =>
  fs
    .readdirSync(path.join(root, language))
    .filter((file) => file.endsWith('.json'))
    .sort();

describe('translation catalogues', () => {
  it('have the same namespace files in every language, all registered', () => {
    const files = jsonFiles('en');
    for (const language of languages) expect(jsonFiles(language)).toEqual(files);
    expect([...namespaces].sort()).toEqual(files.map((file) => file.replace(/\.json$/, '')));
  });

  for (const file of jsonFiles('en')) {
    it(`have every key of ${file} in pt, en and es`, () => {
      const all = new Set(languages.flatMap((language) => keysOf(read(language, file))));
      for (const language of languages) {
        const present = new Set(keysOf(read(language, file)));
        const missing = [...all].filter((key) => !present.has(key));
        expect(missing, `${language}/${file} lacks`).toEqual([]);
      }
    });
  }

  it('translate every error code of the spec catalogue, and every code the server may answer', () => {
    const codes = [...new Set([...specErrorCodes, ...Object.keys(errorStatuses)])];
    for (const language of languages) {
      const errors = read(language, 'errors.json');
      const missing = codes.filter((code) => typeof errors[code] !== 'string');
      expect(missing, `${language}/errors.json lacks`).toEqual([]);
    }
  });

  it('keep the interpolation variables of each text in every language', () => {
    const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const file of jsonFiles('en')) {
      const english = read('en', file);
      for (const key of keysOf(english)) {
        const lookup = (tree: Tree) =>
          key
            .split('.')
            .reduce<Tree | string | undefined>(
              (node, part) => (typeof node === 'object' ? node[part] : undefined),
              tree,
            );
        const expected = variables(String(lookup(english)));
        for (const language of ['pt', 'es']) {
          expect(variables(String(lookup(read(language, file)))), `${language}/${file} ${key}`).toEqual(
            expected,
          );
        }
      }
    }
  });
});
