import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EntryNotMendableError, StorageFullError } from '@/offline/outbox';
import { toast } from '@/ui/toast';

/**
 * The toast key of what the outbox is doing with the writer's last write: "sending" is replaced
 * by its outcome ("sent", "submitted", set by the features' sent hooks), never left beside it.
 */
export const OUTBOX_TOAST = 'outbox';

/** What the writer hears once a message or reply sits in the outbox. */
export function announceQueued(online: boolean): void {
  toast.info(online ? i18n._(msg`发送中…`) : i18n._(msg`已保存，将在联网后发送`), { key: OUTBOX_TOAST });
}

/**
 * What the supplier hears once a deposit, bid, refund or quote sits in the outbox: submissions
 * that cannot be edited afterwards, so the words say "submit" rather than "send".
 */
export function announceSubmissionQueued(online: boolean): void {
  toast.info(online ? i18n._(msg`正在提交`) : i18n._(msg`已保存，联网后自动提交`), { key: OUTBOX_TOAST });
}

/** A failed enqueue: a full device gets its own message; nothing was written either way. */
export function announceQueueFailure(error: unknown): void {
  toast.error(queueFailureText(error));
}

/** Why nothing was queued, for a form that shows it in place (inside a dialog a toast would sit under the backdrop). */
export function queueFailureText(error: unknown): string {
  if (error instanceof StorageFullError) return i18n._(msg`设备存储空间不足，未保存任何内容。请删除部分文件或释放空间后重试。`);
  if (error instanceof EntryNotMendableError) return i18n._(msg`这条内容已在发送或已被放弃，不能再修改。请查看待发送内容。`);
  return i18n._(msg`保存失败，未保存任何内容，请重试`);
}
