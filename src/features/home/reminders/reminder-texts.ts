import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { todoContent } from '../home-texts';
import type { ReminderTodo, Threshold } from './reminder-plan';

/** What a reminder says, in a notification or a toast: how near, which record, what to do. */
export function reminderText(i18n: I18n, todo: ReminderTodo & { note: string }, threshold: Threshold): { title: string; body: string } {
  const title = threshold === '1h' ? i18n._(msg`待办将在 1 小时内截止`) : i18n._(msg`待办将在 24 小时内截止`);
  const { number, name } = todo;
  const what = todoContent(i18n, todo);
  return { title, body: i18n._(msg`${number} ${name}：${what}`) };
}

/** The same in one line, for a toast. */
export function reminderLine(i18n: I18n, { title, body }: { title: string; body: string }): string {
  return i18n._(msg`${title}：${body}`);
}
