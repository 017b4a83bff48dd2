import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@contract/locales';
// eslint-disable-next-line no-restricted-imports -- the catalogs test checks every table of the contract
import { messageKeys, message } from '@contract/messages';
import { describe, expect, it } from 'vitest';

// Vitest runs from the repository root.
const here = join(process.cwd(), 'src/locales');

/** msgid -> msgstr of a .po file (multi-line strings joined). */
function readPo(locale: string, catalog: string): Map<string, string> {
  const text = readFileSync(join(here, locale, `${catalog}.po`), 'utf8');
  const entries = new Map<string, string>();
  let current: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const unquote = (s: string) => JSON.parse(s) as string;
  const flush = () => {
    if (id) entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      current = 'id';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      current = 'str';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && current) {
      if (current === 'id') id += unquote(line);
      else str += unquote(line);
    } else if (line.trim() === '') {
      current = null;
    }
  }
  flush();
  return entries;
}

/**
 * Chinese punctuation (full-width colon, comma, enumeration comma, full stop, semicolon,
 * parentheses, quotes, exclamation and question marks, the ideographic space) or a double
 * space: wrong in an English or Vietnamese text. Chinese texts keep their full-width marks.
 */
const CHINESE_PUNCTUATION = /[：，、。；（）“”‘’！？\u3000「」]| {2}/;
const readsLatin = (text: string) => !CHINESE_PUNCTUATION.test(text);

/** The catalogs of lingui.config.ts: the shell's, and the areas loaded with their routes. */
const CATALOGS = ['messages', 'tender', 'enquiry', 'visit', 'home'] as const;

describe.each(CATALOGS)('translation catalog %s', (name) => {
  const catalogs = Object.fromEntries(LOCALES.map((l) => [l, readPo(l, name)]));
  const source = catalogs['zh-CN']!;

  it('has interface texts to translate', () => {
    expect(source.size).toBeGreaterThan(name === 'messages' ? 50 : 20);
  });

  it.each(['en', 'vie'] as const)('%s writes with its own punctuation: no full-width marks, no double spaces', (locale) => {
    const wrong = [...catalogs[locale]!].filter(([, text]) => !readsLatin(text)).map(([id, text]) => `${id} => ${text}`);
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)('%s has every message of the source catalog, none empty', (locale) => {
    const catalog = catalogs[locale]!;
    const missing = [...source.keys()].filter((id) => !catalog.get(id)?.trim());
    expect(missing).toEqual([]);
    expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort());
  });
});

describe('wire messages', () => {
  it('wire messages exist in every language', () => {
    for (const key of messageKeys) for (const locale of LOCALES) expect(message(key, locale).trim()).not.toBe('');
  });

  it.each(['en', 'vie'] as const)('%s wire messages have no full-width marks and no double spaces', (locale) => {
    expect(messageKeys.filter((key) => !readsLatin(message(key, locale))).map((key) => `${key} => ${message(key, locale)}`)).toEqual([]);
  });
});
