import type { CommunicationPriority } from '@contract/schemas/communication';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { excerpt } from './reply-communication';

/** New threads have no id until the bid service gives one: they queue in one thread of their own. */
export const NEW_COMMUNICATION_THREAD = 'communication:new';

export interface QueueCommunicationInput {
  supplierId: string;
  priority: CommunicationPriority;
  topic: string;
  content: string;
  sourceNo: string;
  files: File[];
  /** A refused new thread this one mends: it takes that entry's place. */
  replaces?: string;
}

/**
 * Writes the new thread to the outbox first; the sync engine uploads the files and sends
 * `/communication/save` once, when it can. Throws StorageFullError when the device is full.
 */
export function queueCommunication({ supplierId, priority, topic, content, sourceNo, files, replaces }: QueueCommunicationInput) {
  const title = excerpt(topic);
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: NEW_COMMUNICATION_THREAD,
    call: 'communicationSave',
    payload: {
      priority,
      topic: topic.trim(),
      content: content.trim(),
      ...(sourceNo.trim() ? { sourceNo: sourceNo.trim() } : {}),
      attachments: [],
    },
    ...(files.length > 0 ? { files: [{ field: 'attachments', files }] } : {}),
    summary: i18n._(msg`发起沟通：${title}`),
    ...(replaces ? { replaces } : {}),
  });
}
