import { describe, expect, it } from 'vitest';
import { LETTER_LABELS } from '../../contract/inquiry-letter';
import { messageKeys, message } from '../../contract/messages';
import { DICTIONARIES, PRODUCTION_BASES, REGIONS } from '../seed/reference-data';
import { CODE_TEXTS } from './texts';

/** Chinese punctuation (full-width marks, the ideographic space) or a double space: wrong in English and Vietnamese. */
const CHINESE_PUNCTUATION = /[：，、。；（）“”‘’！？\u3000「」]| {2}/;

/**
 * Every text the bid service writes in `locale`: its answers' messages, the verification messages, the
 * letter's labels, the reference data's labels.
 */
function textsIn(locale: 'en' | 'vie'): Array<[string, string]> {
  const code = CODE_TEXTS[locale];
  const texts: Array<[string, string]> = [
    ...messageKeys.map((key): [string, string] => [`message ${key}`, message(key, locale)]),
    ['code subject', code.subject],
    ['code ignore', code.ignore],
    ['code unknownSubject', code.unknownSubject],
    ['code ignoreUnknown', code.ignoreUnknown],
    ['code signature', code.signature],
    ...Object.entries(code.purpose).map(([purpose, text]): [string, string] => [`code body ${purpose}`, code.body('123456', text, 10)]),
    ...Object.entries(code.unknown).flatMap(([purpose, text]) =>
      Object.values(code.targetName).map((target): [string, string] => [`code unknown ${purpose}`, text(target)]),
    ),
    ...Object.entries(LETTER_LABELS).map(([key, labels]): [string, string] => [`letter ${key}`, labels[locale]]),
    ...Object.entries(DICTIONARIES).flatMap(([type, items]) =>
      items.map(([key, labels]): [string, string] => [`dictionary ${type} ${key}`, labels[locale]]),
    ),
  ];
  for (const [key, labels, children] of [
    ...REGIONS,
    ...PRODUCTION_BASES.map(([code, labels, departments]) => [code, labels, departments] as const),
  ]) {
    texts.push([`place ${key}`, labels[locale]]);
    for (const [child, childLabels] of children) texts.push([`place ${child}`, childLabels[locale]]);
  }
  return texts;
}

describe('the bid service in English and Vietnamese', () => {
  it.each(['en', 'vie'] as const)('%s texts have no full-width marks and no double spaces', (locale) => {
    expect(
      textsIn(locale)
        .filter(([, text]) => CHINESE_PUNCTUATION.test(text))
        .map(([where, text]) => `${where} => ${text}`),
    ).toEqual([]);
  });
});
