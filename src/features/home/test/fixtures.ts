import type { HomeCounts, HomeMessage, MessagePage, TodoItem, TodoPage } from '@contract/schemas/home';

const HOUR = 3_600_000;
/** The bid service's clock in these tests: far from the device's, so only the offset can make countdowns and reminders right. */
export const SERVER_NOW = Date.parse('2030-06-01T10:00:00+08:00');
export const inHours = (hours: number) => new Date(SERVER_NOW + hours * HOUR).toISOString();

export function todo(n: number, overrides: Partial<TodoItem> = {}): TodoItem {
  return {
    kind: 'depositDue',
    refId: `t${n}`,
    number: `ZB2030-${String(n).padStart(4, '0')}`,
    deadline: inHours(48 + n),
    name: `瓦楞纸箱采购 ${n}`,
    note: '',
    createdAt: inHours(-24 - n),
    ...overrides,
  };
}

export const counts = (overrides: Partial<HomeCounts> = {}): HomeCounts => ({
  tenders: 0,
  enquiries: 0,
  communication: 0,
  visits: 0,
  unreadMessages: 0,
  ...overrides,
});

export const todoPage = (records: TodoItem[], overrides: Partial<TodoPage> = {}): TodoPage => ({
  records,
  total: records.length,
  pageNo: 1,
  pageSize: 10,
  counts: counts(),
  serverTime: new Date(SERVER_NOW).toISOString(),
  ...overrides,
});

export function message(n: number, overrides: Partial<HomeMessage> = {}): HomeMessage {
  return {
    id: `m${n}`,
    kind: 'depositConfirmed',
    refId: `t${n}`,
    number: `ZB2030-${String(n).padStart(4, '0')}`,
    deadline: inHours(72),
    name: `瓦楞纸箱采购 ${n}`,
    note: '',
    createdAt: inHours(-n),
    read: false,
    ...overrides,
  };
}

export const messagePage = (records: HomeMessage[], overrides: Partial<MessagePage> = {}): MessagePage => ({
  records,
  total: records.length,
  pageNo: 1,
  pageSize: 10,
  unread: records.filter((m) => !m.read).length,
  ...overrides,
});
