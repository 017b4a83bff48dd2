import { describe, expect, it } from 'vitest';
import { calls, type CallName } from './calls';
import { isOpenTo, MENU_KEYS, STATUS_RULES, statusesOpenTo } from './status-rules';

const listed = MENU_KEYS.flatMap((key) => (STATUS_RULES[key].calls ?? []).map((name) => [key, name] as const));
const areaOf = (name: CallName) => calls[name].path.split('/')[1];

describe('STATUS_RULES', () => {
  it('gates each call once, and only calls that need a token', () => {
    expect(new Set(listed.map(([, name]) => name)).size).toBe(listed.length);
    for (const [, name] of listed) expect(calls[name].public, name).toBe(false);
  });

  it('lists every call of an area it gates, so a new call there cannot slip past the gate', () => {
    for (const key of MENU_KEYS) {
      const own = STATUS_RULES[key].calls ?? [];
      const areas = new Set(own.map(areaOf));
      const inAreas = (Object.keys(calls) as CallName[]).filter((name) => areas.has(areaOf(name)));
      expect([...inAreas].sort(), key).toEqual([...own].sort());
    }
  });

  it('lists calls only for an entry that is closed to some status', () => {
    for (const key of MENU_KEYS) if (STATUS_RULES[key].calls?.length) expect(STATUS_RULES[key].open, key).not.toBe('every');
  });

  it('lets a status the portal does not know (or none yet) into "all but", never into "only"', () => {
    for (const status of [null, undefined, 'A999']) {
      expect(isOpenTo('bargaining', status)).toBe(true);
      expect(isOpenTo('tenderManagement', status)).toBe(false);
      expect(isOpenTo('home', status)).toBe(true);
    }
    expect(statusesOpenTo('bargaining')).toEqual(['A104', 'A141']);
  });
});
