import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { stubNotifications, withoutNotifications } from '../test/notifications';
import { setNotifyWanted } from './reminder-store';
import { readReminderSettings, resetReminderSettings, useReminderSettings } from './use-reminder-settings';

afterEach(async () => {
  vi.unstubAllGlobals();
  resetReminderSettings();
  await resetPortalDb();
});

describe('useReminderSettings', () => {
  it('is settled at its first render where the browser has not granted notifications: what this device asked for does not matter', () => {
    stubNotifications('default');
    expect(renderHook(() => useReminderSettings('s1')).result.current).toMatchObject({ settled: true, systemOn: false, notify: undefined });
    resetReminderSettings();
    withoutNotifications();
    expect(renderHook(() => useReminderSettings('s1')).result.current).toMatchObject({ settled: true, systemOn: false });
  });

  it('granted, is settled once what this device asked for is read; read once, and before the screen when its loader asked', async () => {
    stubNotifications('granted');
    await setNotifyWanted('s1', true);
    const first = renderHook(() => useReminderSettings('s1'));
    expect(first.result.current.settled).toBe(false);
    await waitFor(() => expect(first.result.current).toMatchObject({ settled: true, notify: true, systemOn: true }));

    // Read ahead (the home route's loader): the screen's first render knows it.
    resetReminderSettings();
    await readReminderSettings('s1');
    expect(renderHook(() => useReminderSettings('s1')).result.current).toMatchObject({ settled: true, systemOn: true });
  });
});
