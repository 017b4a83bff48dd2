import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { notificationPermission, requestNotificationPermission, type NotifyPermission } from './notify';
import { readReminderRecord, setNotifyWanted } from './reminder-store';

/** Whether each supplier asked for system notifications on this device, as read from IndexedDB (shared by the home's components). */
const wanted = new Map<string, boolean>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function setWanted(supplierId: string, value: boolean): void {
  wanted.set(supplierId, value);
  listeners.forEach((listener) => listener());
}

/** The reads on their way, one per supplier; a read started before a reset does not count. */
const reading = new Map<string, Promise<void>>();
let generation = 0;

/**
 * Reads whether the supplier asked for system notifications on this device, once: the home
 * route's loader starts it with the screen's data, so the reminders' switch is known when the
 * to-do list first renders (it appearing later pushed the list down: a layout shift).
 */
export function readReminderSettings(supplierId: string): Promise<void> {
  if (wanted.has(supplierId)) return Promise.resolve();
  let read = reading.get(supplierId);
  if (!read) {
    const started = generation;
    const settle = (notify: boolean) => {
      if (started !== generation) return;
      reading.delete(supplierId);
      setWanted(supplierId, notify);
    };
    read = readReminderRecord(supplierId).then(
      (record) => settle(record.notify),
      () => settle(false),
    );
    reading.set(supplierId, read);
  }
  return read;
}

export interface ReminderSettings {
  /** The browser's answer so far, or 'unsupported'. */
  permission: NotifyPermission;
  /** Asked for on this device; undefined while being read. */
  notify: boolean | undefined;
  /** Reminders go out as system notifications (else they show in the portal). */
  systemOn: boolean;
  /**
   * Whether `systemOn` is known: at once when the browser has not granted notifications (then
   * they are off whatever was asked for), else once `notify` is read.
   */
  settled: boolean;
  /** The "提醒我" click: asks the browser when it has not answered yet; answers its answer. */
  enable: () => Promise<NotifyPermission>;
  disable: () => Promise<void>;
}

export function useReminderSettings(supplierId: string): ReminderSettings {
  const notify = useSyncExternalStore(
    subscribe,
    () => wanted.get(supplierId),
    () => undefined,
  );
  // Read on each render: the supplier may change it in the browser's settings meanwhile. A server
  // render (server/render/server-render.ts) shows what a browser never asked shows.
  const [, setAnswered] = useState(0);
  const permission = useSyncExternalStore<NotifyPermission>(subscribe, notificationPermission, () => 'default');

  useEffect(() => {
    void readReminderSettings(supplierId);
  }, [supplierId]);

  const enable = useCallback(async () => {
    const answer = notificationPermission() === 'default' ? await requestNotificationPermission() : notificationPermission();
    setAnswered((n) => n + 1);
    if (answer === 'granted') {
      await setNotifyWanted(supplierId, true);
      setWanted(supplierId, true);
    }
    return answer;
  }, [supplierId]);

  const disable = useCallback(async () => {
    await setNotifyWanted(supplierId, false);
    setWanted(supplierId, false);
  }, [supplierId]);

  return {
    permission,
    notify,
    systemOn: notify === true && permission === 'granted',
    settled: permission !== 'granted' || notify !== undefined,
    enable,
    disable,
  };
}

/** Test helper: forget what was read. */
export function resetReminderSettings(): void {
  wanted.clear();
  reading.clear();
  generation++;
}
