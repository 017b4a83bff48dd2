import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { toast } from '@/ui/toast';
import { stubNotifications } from '../test/notifications';
import { inHours, todo } from '../test/fixtures';
import { setNotifyWanted } from './reminder-store';
import { deliverReminder } from './start-todo-reminders';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetPortalDb();
});

const quote = todo(1, { kind: 'quoteDue', refId: 'e7', number: 'XJ2030-0007', name: '纸管年度询价', note: '2', deadline: inHours(0.5) });

describe('delivering a reminder', () => {
  it('is a system notification when the supplier asked for them and the browser allows them; a click opens the to-do', async () => {
    const { shown } = stubNotifications('granted');
    const warning = vi.spyOn(toast, 'warning');
    await setNotifyWanted('s1', true);
    const open = vi.fn();
    await deliverReminder('s1', quote, '1h', open);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('待办将在 1 小时内截止');
    expect(shown[0]!.options.body).toBe('XJ2030-0007 纸管年度询价：请提交第 2 轮报价');
    // One per to-do and threshold: the system replaces rather than piles up.
    expect(shown[0]!.options.tag).toBe(`quoteDue:e7:${quote.deadline}:1h`);
    expect(warning).not.toHaveBeenCalled();
    shown[0]!.onclick?.();
    expect(open).toHaveBeenCalledWith('/platform/bargaining/e7');
  });

  it('shows in the portal when notifications were refused, never asked for here, or fail', async () => {
    const warning = vi.spyOn(toast, 'warning');
    await setNotifyWanted('s1', true);
    stubNotifications('denied');
    await deliverReminder('s1', quote, '24h', vi.fn());
    expect(warning).toHaveBeenLastCalledWith('待办将在 24 小时内截止：XJ2030-0007 纸管年度询价：请提交第 2 轮报价');

    // Allowed for this site, but this supplier did not ask on this device.
    const { shown } = stubNotifications('granted');
    await setNotifyWanted('s1', false);
    await deliverReminder('s1', quote, '1h', vi.fn());
    expect(shown).toHaveLength(0);
    expect(warning).toHaveBeenCalledTimes(2);

    // Phones refuse `new Notification` outside a service worker.
    await setNotifyWanted('s1', true);
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function Refused() {
          throw new TypeError('Illegal constructor');
        },
        { permission: 'granted' },
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await deliverReminder('s1', quote, '1h', vi.fn());
    expect(warning).toHaveBeenCalledTimes(3);
  });
});
