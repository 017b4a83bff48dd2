import { TENDER_STATUSES } from '@contract/tender-values';
import type { TenderRecordSummary } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listTenderRecordsQueryOptions } from '../api/list-tender-records';
import { tenderListRequest, type ResolvedTenderSearch, type UrlAction } from '../tender-search';
import { useServerNow } from '@/ui/server-clock';
import { useTenderOutbox } from '../use-tender-outbox';
import { useUrlOperation } from '../use-url-operation';
import { withdrawBid } from '../withdraw-bid';
import { RecordDialogs } from './record-dialogs';
import { TenderCard, TenderCards, TenderTable, type RowContext } from './tender-rows';
import { ListResults } from '@/ui/list-results';
import { ListToolbar } from '@/ui/list-toolbar';
import { STATUS_LABEL } from '../tender-labels';

export interface TenderListProps {
  supplierId: string;
  supplierCode: string;
  supplierStatus: string | undefined;
  search: ResolvedTenderSearch;
  onSearchChange: (next: ResolvedTenderSearch, options?: { replace?: boolean }) => void;
}

export function TenderList(props: TenderListProps) {
  const { t } = useLingui();
  const { search, onSearchChange } = props;
  return (
    // The list's heading (visually the page's h1 says it): the record cards' h3 titles then follow an h2, not the h1.
    <section aria-labelledby="tender-list-title" className="card space-y-4">
      <h2 id="tender-list-title" className="sr-only">
        {t`投标记录列表`}
      </h2>
      <ListToolbar
        key={search.q}
        id="tender"
        searchLabel={t`搜索投标记录`}
        placeholder={t`招标编号或标题`}
        statuses={TENDER_STATUSES}
        statusLabel={STATUS_LABEL}
        statusWidth="sm:w-60"
        q={search.q}
        status={search.status}
        onSearch={(q) => onSearchChange({ ...search, q, page: 1 })}
        onStatus={(status) => onSearchChange({ ...search, status, page: 1 })}
      />
      <TenderResults {...props} />
    </section>
  );
}

/** Scrolls the marked record into view once per id, on whichever layout (table or cards) is showing. */
function useScrollToMarked(markedId: string, ready: boolean) {
  useEffect(() => {
    if (!markedId || !ready) return;
    // Compared, not put in a selector: an id from the URL is any text.
    const shown = [...document.querySelectorAll<HTMLElement>('[data-tender-id]')].find(
      (el) => el.dataset.tenderId === markedId && el.getClientRects().length > 0,
    );
    shown?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [markedId, ready]);
}

function TenderResults({ supplierId, supplierCode, supplierStatus, search, onSearchChange }: TenderListProps) {
  const { t } = useLingui();
  const query = useQuery(listTenderRecordsQueryOptions(supplierId, tenderListRequest(search)));
  const now = useServerNow(query.data?.clockOffset);
  const waiting = useTenderOutbox(supplierId);
  const marked = useUrlOperation({
    supplierId,
    search,
    pageRecords: query.data?.records,
    contextOf: (record) => ({ now, waiting: waiting.has(record.id), supplierStatus }),
    replaceSearch: (next) => onSearchChange(next, { replace: true }),
  });
  // The marked record's own answer may carry a fresher clock than the page.
  const markedNow = useServerNow(marked.clockOffset ?? query.data?.clockOffset);
  // Once the list is drawn: the record is then either a row or the pinned card.
  useScrollToMarked(search.tenderId, Boolean(marked.record) && !query.isPending);

  const context: RowContext = {
    now,
    supplierStatus,
    waiting,
    markedId: search.tenderId,
    onOpen: (action: UrlAction, record: TenderRecordSummary) => onSearchChange({ ...search, tenderId: record.id, action }),
    onWithdraw: (record: TenderRecordSummary) => void withdrawBid({ supplierId, supplierCode, record }),
  };
  const dialogs = (
    <RecordDialogs
      operation={marked.operation}
      supplierId={supplierId}
      supplierCode={supplierCode}
      clockOffset={marked.clockOffset ?? query.data?.clockOffset}
      onClose={() => onSearchChange({ ...search, action: '', mend: '' }, { replace: true })}
    />
  );
  const markedNo = marked.record?.tenderNo;
  const announcement = markedNo ? <p className="sr-only" role="status">{t`已定位到投标记录 ${markedNo}`}</p> : null;
  // The marked record is not among these rows (another page, a filter): it shows above them.
  const pinned =
    marked.record && !marked.onPage && !query.isPending ? (
      <div className="space-y-2">
        <h2 className="text-sm font-medium text-slate-600">
          <Trans>您选择的投标记录（不在当前页）</Trans>
        </h2>
        <TenderCard record={marked.record} context={{ ...context, now: markedNow }} />
      </div>
    ) : null;

  return (
    <ListResults
      query={query}
      texts={{
        loading: t`正在加载投标记录`,
        failed: <Trans>投标记录加载失败</Trans>,
        total: (total) => t`共 ${total} 条投标记录`,
        empty: t`暂无投标记录`,
        emptyHint: t`在招标公告详情中点击“报名”，报名的项目会显示在这里。`,
        noMatch: t`没有符合条件的投标记录`,
      }}
      filtered={Boolean(search.q || search.status)}
      page={search.page}
      size={search.size}
      onPage={(page, size) => onSearchChange({ ...search, page, size: size as ResolvedTenderSearch['size'] })}
      onClear={() => onSearchChange({ ...search, q: '', status: '', page: 1 })}
      table={(rows) => <TenderTable rows={rows} context={context} />}
      cards={(rows) => <TenderCards rows={rows} context={context} />}
      before={
        <>
          {announcement}
          {pinned}
        </>
      }
      after={dialogs}
    />
  );
}
