import { vi } from 'vitest';

/** Unit-test helper: the browser's Notification, with a permission and what the prompt will answer. */
export function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: FakeNotification[] = [];
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(
      readonly title: string,
      readonly options: NotificationOptions = {},
    ) {
      shown.push(this);
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission: FakeNotification.requestPermission };
}

/** A browser without notifications. */
export function withoutNotifications(): void {
  vi.stubGlobal('Notification', undefined);
}
