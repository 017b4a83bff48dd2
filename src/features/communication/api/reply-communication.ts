import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';

/** Replies of one thread are sent in the order they were written (FIFO per thread). */
export const replyThread = (communicationId: string) => `communication:${communicationId}`;

/** The first words of a text, for the pending page. */
export const excerpt = (text: string, max = 40) => {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

export interface QueueReplyInput {
  supplierId: string;
  communicationId: string;
  questionNo: string;
  detail: string;
  files: File[];
  /** A refused reply this one mends: it takes that entry's place. */
  replaces?: string;
}

/**
 * Writes the reply to the outbox first; the sync engine uploads the files, appends their
 * references to `attachments` and sends `/communication/reply` once, when it can.
 * Throws StorageFullError when the device has no room (nothing is written then).
 */
export function queueReply({ supplierId, communicationId, questionNo, detail, files, replaces }: QueueReplyInput) {
  const text = excerpt(detail);
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: replyThread(communicationId),
    call: 'communicationReply',
    payload: { communicationId, detail: detail.trim(), attachments: [] },
    ...(files.length > 0 ? { files: [{ field: 'attachments', files }] } : {}),
    summary: i18n._(msg`回复沟通 ${questionNo}：${text}`),
    ...(replaces ? { replaces } : {}),
  });
}
