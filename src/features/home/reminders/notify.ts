/**
 * The browser's notifications, behind the few calls the reminders need. Permission is asked
 * only from the supplier's click ("提醒我"), never on load.
 */
export type NotifyPermission = NotificationPermission | 'unsupported';

const supported = () => typeof Notification === 'function';

export function notificationPermission(): NotifyPermission {
  return supported() ? Notification.permission : 'unsupported';
}

/** Asks the browser (a click must lead here: browsers refuse or hide a prompt nobody asked for). */
export async function requestNotificationPermission(): Promise<NotifyPermission> {
  if (!supported()) return 'unsupported';
  // Older Safari answers through a callback only.
  return new Promise<NotificationPermission>((resolve) => {
    const answer = Notification.requestPermission(resolve);
    void answer?.then(resolve, () => resolve(Notification.permission));
  });
}

export interface SystemNotification {
  title: string;
  body: string;
  /** One notification per tag: a second with the same tag replaces the first instead of piling up. */
  tag: string;
  /** What a click opens. */
  href: string;
}

/**
 * Shows a system notification; answers whether it could. Through the service worker's
 * registration where there is one (phones allow no other way, and a click reaches the worker,
 * which focuses or opens the portal: src/offline/sw.ts), else with the page's Notification.
 */
export async function showSystemNotification(
  { title, body, tag, href }: SystemNotification,
  open: (href: string) => void,
): Promise<boolean> {
  if (notificationPermission() !== 'granted') return false;
  const options: NotificationOptions = { body, tag, icon: '/icons/icon-192.png', data: { url: href } };
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration?.active) {
      await registration.showNotification(title, options);
      return true;
    }
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      open(href);
      notification.close();
    };
    return true;
  } catch (error) {
    console.warn('system notification failed', error);
    return false;
  }
}
