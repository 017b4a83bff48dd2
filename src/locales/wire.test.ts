import { describe, expect, it } from 'vitest';
import { message, setWireTable } from './wire';

describe('the wire texts of the portal', () => {
  it('shows a key in the language whose table is loaded, and an unknown key as itself', () => {
    // The test setup loads all three tables, as if each language had been activated once.
    expect(message('pastDeadline', 'zh-CN')).toBe('当前日期已超过投标截止时间');
    expect(message('pastDeadline', 'en')).toBe('The current date is past the bid deadline');
    expect(message('no such key', 'en')).toBe('no such key');
    expect(message('constructor', 'en')).toBe('constructor');
  });

  it('reads the table a language switch loaded', () => {
    setWireTable('vie', { ...({} as Parameters<typeof setWireTable>[1]), pastDeadline: 'đổi' });
    expect(message('pastDeadline', 'vie')).toBe('đổi');
  });
});
