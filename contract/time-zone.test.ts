import { describe, expect, it } from 'vitest';
import { dateTimeIn, dayIn, isTimeZone, monthIn, offsetMinutes, offsetName, parseBusinessTime, startOfDay } from './time-zone';

describe('business times in a named zone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('China')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Asia/Shanghai')).toBe(false);
  });

  it('reads an instant on a zone’s clock, whatever the process’s own zone', () => {
    const at = new Date('2026-12-09T16:30:05Z');
    expect(dateTimeIn(at, 'Asia/Shanghai')).toBe('2026-12-10 00:30:05');
    expect(dateTimeIn(at, 'Asia/Ho_Chi_Minh')).toBe('2026-12-09 23:30:05');
    expect(dayIn(at, 'America/Los_Angeles')).toBe('2026-12-09');
    expect(monthIn(new Date('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('202612');
    expect(offsetMinutes(at, 'Asia/Shanghai')).toBe(480);
    expect(offsetMinutes(at, 'America/Los_Angeles')).toBe(-480);
    expect(offsetMinutes(new Date('2026-07-01T00:00:00Z'), 'America/Los_Angeles')).toBe(-420);
  });

  it('names an offset as people read it', () => {
    expect(offsetName(480)).toBe('GMT+8');
    expect(offsetName(-420)).toBe('GMT-7');
    expect(offsetName(330)).toBe('GMT+5:30');
    expect(offsetName(0)).toBe('GMT');
  });

  it('starts a day at its first moment in the zone, across daylight-saving changes', () => {
    expect(startOfDay('2026-12-10', 'Asia/Shanghai').toISOString()).toBe('2026-12-09T16:00:00.000Z');
    expect(startOfDay('2026-12-10', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-12-09T17:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    // Midnight does not exist in Santiago on the day clocks go forward: the day starts at 01:00.
    expect(dateTimeIn(startOfDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06 01:00:00');
  });

  it('reads what an operator writes in the zone unless it names an offset', () => {
    const zone = 'Asia/Shanghai';
    expect(parseBusinessTime('2026-12-10', zone)?.toISOString()).toBe('2026-12-09T16:00:00.000Z');
    expect(parseBusinessTime('2026-12-11', zone, true)?.toISOString()).toBe('2026-12-11T16:00:00.000Z');
    expect(parseBusinessTime('2026-12-10T18:00', zone)?.toISOString()).toBe('2026-12-10T10:00:00.000Z');
    expect(parseBusinessTime('2026-12-10 18:00:30', zone)?.toISOString()).toBe('2026-12-10T10:00:30.000Z');
    expect(parseBusinessTime('2026-12-10T18:00:00Z', zone)?.toISOString()).toBe('2026-12-10T18:00:00.000Z');
    expect(parseBusinessTime('2026-12-10T18:00:00+07:00', zone)?.toISOString()).toBe('2026-12-10T11:00:00.000Z');
    for (const bad of ['2026-02-30', '2026-12-10T25:00', 'tomorrow', '', '2026-12-10T18:00:00 CST'])
      expect(parseBusinessTime(bad, zone)).toBeNull();
  });
});
