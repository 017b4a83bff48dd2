import type { TodoItem } from '@contract/schemas/home';
import { i18n } from '@lingui/core';
import { loadArea } from '@/locales/i18n';
import { toast } from '@/ui/toast';
import { todoTarget } from '../home-links';
import { notificationPermission, showSystemNotification } from './notify';
import { reminderKey, type Threshold } from './reminder-plan';
import { claimReminder, readReminderRecord } from './reminder-store';
import { reminderLine, reminderText } from './reminder-texts';
import { startReminders } from './scheduler';

/**
 * Shows one reminder: a system notification when the supplier asked for them on this device
 * and the browser allows them, otherwise (or when showing one fails) a toast in the portal;
 * the home page adds its banner and marks the row.
 */
export async function deliverReminder(
  supplierId: string,
  todo: TodoItem,
  threshold: Threshold,
  open: (href: string) => void,
): Promise<void> {
  // Any platform screen may be open: the home texts may not be loaded yet.
  await loadArea('home');
  const { title, body } = reminderText(i18n, todo, threshold);
  const { notify } = await readReminderRecord(supplierId).catch(() => ({ notify: false }));
  if (notify && notificationPermission() === 'granted') {
    if (
      await showSystemNotification({ title, body, tag: reminderKey(todo, threshold), href: todoTarget(todo.kind, todo.refId).href }, open)
    )
      return;
  }
  toast.warning(reminderLine(i18n, { title, body }));
}

/** The platform layout's reminders of the nearest to-dos (the first to-do page, ordered by deadline). */
export function startTodoReminders(supplierId: string, todos: TodoItem[], clockOffset: number, open: (href: string) => void): () => void {
  return startReminders({
    todos: todos.filter((todo) => todo.deadline !== null),
    clockOffset,
    claim: (key) => claimReminder(supplierId, key),
    deliver: (todo, threshold) => deliverReminder(supplierId, todo, threshold, open),
  });
}
