import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { StorageFullError } from '@/offline/outbox';
import { toast } from '@/ui/toast';

/**
 * What the supplier hears once a deposit or a bid sits in the outbox. These are submissions
 * that cannot be edited afterwards, so the words say "submit" rather than "send".
 */
export function announceSubmissionQueued(online: boolean): void {
  toast.info(online ? i18n._(msg`正在提交`) : i18n._(msg`已保存，联网后自动提交`));
}

/**
 * Why nothing was queued, shown in place: inside a modal dialog a toast would sit under the
 * dialog's backdrop. A full device gets its own message; nothing was written either way.
 */
export function queueFailureText(error: unknown): string {
  return error instanceof StorageFullError
    ? i18n._(msg`设备存储空间不足，未保存任何内容。请删除部分文件或释放空间后重试。`)
    : i18n._(msg`保存失败，未保存任何内容，请重试`);
}
