import { useLingui } from '@lingui/react/macro';
import { useConnectivity, useOutbox } from '@/offline/use-outbox';
import { useKeptReceipts } from '@/offline/use-receipts';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { ReceiptItem } from '@/ui/receipt-list';
import { PageSpinner } from '@/ui/spinner';
import { useNow } from '@/ui/use-now';
import { PendingEntry } from './pending-entry';

/**
 * What waits on this device to be sent: the logged-in supplier's entries and every visitor's
 * whose pass is here (never another supplier's). Live across tabs. Below it, what the buyer
 * received: the logged-in supplier's receipts kept on this device, newest first.
 */
export function PendingList() {
  const { t } = useLingui();
  const { entries, uploads, loaded } = useOutbox();
  const { online } = useConnectivity();
  const now = useNow(15_000);

  return (
    <>
      <PageHeader
        title={t`待发送的内容`}
        description={online ? t`以下内容保存在本设备上，会按保存顺序自动发送。` : t`当前处于离线状态，以下内容会在联网后自动发送。`}
      />
      {!loaded ? (
        <PageSpinner />
      ) : entries.length === 0 ? (
        <div className="card">
          <EmptyState title={t`没有待发送的内容`} description={t`离线时保存的沟通、回复、投标和访客信息会显示在这里，直到发送成功。`} />
        </div>
      ) : (
        <ul className="space-y-4" aria-label={t`待发送列表`}>
          {entries.map((entry) => (
            <PendingEntry key={entry.id} entry={entry} uploads={uploads[entry.id] ?? []} now={now} />
          ))}
        </ul>
      )}
      <ReceivedHistory />
    </>
  );
}

/** The receipts kept on this device for the logged-in supplier (`src/offline/receipts.ts`), readable offline. */
function ReceivedHistory() {
  const { t } = useLingui();
  const { receipts } = useKeptReceipts();
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="received-history" className="mt-8">
      <h2 id="received-history" className="text-lg font-semibold text-slate-900">
        {t`已送达采购方`}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t`采购方系统签名的回执，保存在本设备上，离线也能查看、打印和核验。`}</p>
      <ol className="space-y-3">
        {receipts.map(({ receipt, summary }) => (
          <ReceiptItem key={receipt.jws} receipt={receipt} summary={summary} />
        ))}
      </ol>
    </section>
  );
}
