import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { listEnquiriesQueryOptions } from '../api/list-enquiries';
import { enquiryListRequest, type ResolvedEnquirySearch } from '../enquiry-search';
import { ListResults } from '@/ui/list-results';
import { useServerNow } from '@/ui/server-clock';
import { EnquiryCards, EnquiryTable } from './enquiry-rows';
import { EnquiryToolbar } from './enquiry-toolbar';

export interface EnquiryListProps {
  supplierId: string;
  search: ResolvedEnquirySearch;
  onSearchChange: (next: ResolvedEnquirySearch, options?: { replace?: boolean }) => void;
}

/** The supplier's price enquiries: search, two filters and the pager, all in the URL. */
export function EnquiryList(props: EnquiryListProps) {
  const { t } = useLingui();
  const { search, onSearchChange } = props;
  return (
    // The list's heading (visually the page's h1 says it): the enquiry cards' h3 titles then follow an h2, not the h1.
    <section aria-labelledby="enquiry-list-title" className="card space-y-4">
      <h2 id="enquiry-list-title" className="sr-only">
        {t`询价单列表`}
      </h2>
      <EnquiryToolbar
        key={search.q}
        q={search.q}
        replyStatus={search.replyStatus}
        businessStatus={search.businessStatus}
        onSearch={(q) => onSearchChange({ ...search, q, page: 1 })}
        onReplyStatus={(replyStatus) => onSearchChange({ ...search, replyStatus, page: 1 })}
        onBusinessStatus={(businessStatus) => onSearchChange({ ...search, businessStatus, page: 1 })}
      />
      <EnquiryResults {...props} />
    </section>
  );
}

function EnquiryResults({ supplierId, search, onSearchChange }: EnquiryListProps) {
  const { t } = useLingui();
  const query = useQuery(listEnquiriesQueryOptions(supplierId, enquiryListRequest(search)));
  const now = useServerNow(query.data?.clockOffset);
  return (
    <ListResults
      query={query}
      texts={{
        loading: t`正在加载询价单`,
        failed: <Trans>询价单加载失败</Trans>,
        total: (total) => t`共 ${total} 条询价单`,
        empty: t`暂无询价单`,
        emptyHint: t`采购方向您发出询价后，询价单会显示在这里。`,
        noMatch: t`没有符合条件的询价单`,
      }}
      filtered={Boolean(search.q || search.replyStatus || search.businessStatus)}
      page={search.page}
      size={search.size}
      onPage={(page, size) => onSearchChange({ ...search, page, size: size as ResolvedEnquirySearch['size'] })}
      onClear={() => onSearchChange({ ...search, q: '', replyStatus: '', businessStatus: '', page: 1 })}
      table={(rows) => <EnquiryTable rows={rows} now={now} />}
      cards={(rows) => <EnquiryCards rows={rows} now={now} />}
    />
  );
}
