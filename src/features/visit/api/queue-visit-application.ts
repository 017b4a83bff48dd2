import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '@/offline/db';
import { supplierOwner } from '@/offline/db';
import { newId } from '@/offline/ids';
import { enqueue } from '@/offline/outbox';
import { outboxFiles, visitPayload, type VisitFormValues } from '../form/visit-values';

const VISIT_OUTBOX_CALL = 'visitApplySave' as const;
export const isVisitEntry = (entry: Pick<OutboxEntry, 'call'>) => entry.call === VISIT_OUTBOX_CALL;

/**
 * Writes the application to the outbox first (DESIGN.md section 4): the body with the stored
 * files kept from a copied application, every file chosen here in its named field (the labour
 * contract, the documents, the insurance appendix, and each typed file set at `files.<i>.file`).
 * The sync engine uploads them by tus and sends `/visitApply/save` once, with an idempotency
 * key, when the network and a valid token are there. Each application is a thread of its own:
 * one the bid service refused never holds back the next. `replaces`: a refused application this
 * one mends, whose place (and thread) it takes. Throws StorageFullError when the device has no
 * room (nothing is written then).
 */
export function queueVisitApplication(
  supplierId: string,
  values: VisitFormValues,
  baseName: string,
  replaces?: Pick<OutboxEntry, 'id' | 'thread'>,
) {
  const count = values.visitors.length;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: replaces?.thread ?? `visitApply:${newId()}`,
    call: VISIT_OUTBOX_CALL,
    payload: { ...visitPayload(values, false) },
    files: outboxFiles(values, {
      contract: i18n._(msg`合同`),
      labourNotice: i18n._(msg`劳务告知书`),
      labourContract: i18n._(msg`劳务合同`),
      policy: i18n._(msg`保单`),
      appendix: i18n._(msg`保险附件`),
      files: i18n._(msg`文件`),
    }),
    summary: i18n._(msg`参观申请：${baseName}，${values.startDate} 至 ${values.endDate}，${count} 人`),
    ...(replaces ? { replaces: replaces.id } : {}),
  });
}
