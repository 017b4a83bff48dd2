import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { StorageFullError } from '@/offline/outbox';
import { toast } from '@/ui/toast';

/** What the writer hears once a write sits in the outbox. */
export function announceQueued(online: boolean): void {
  if (online) toast.info(i18n._(msg`发送中…`));
  else toast.info(i18n._(msg`已保存，将在联网后发送`));
}

/** A failed enqueue: a full device gets its own message; nothing was written either way. */
export function announceQueueFailure(error: unknown): void {
  if (error instanceof StorageFullError) toast.error(i18n._(msg`设备存储空间不足，内容未保存。请删除部分附件或释放空间后重试。`));
  else toast.error(i18n._(msg`保存失败，请重试`));
}
