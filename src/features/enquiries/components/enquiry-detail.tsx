import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { EmptyState } from '@/ui/empty-state';
import { useLoadErrorText } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { enquiryQueryOptions, isEnquiryMissing, type EnquiryAnswer } from '../api/get-enquiry';
import { useServerNow } from '@/ui/server-clock';
import { EnquirySummarySection, TermsSection } from './detail-sections';
import { ProjectList } from './project-list';
import { QuoteForm } from './quote-form';
import { QuoteHistory } from './quote-history';
import { RoundHistory } from './round-history';

const BackLink = () => (
  <Link to="/platform/bargaining" className="btn btn-secondary">
    <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M12.8 5.2a.75.75 0 0 1 0 1.06L9.06 10l3.74 3.74a.75.75 0 1 1-1.06 1.06l-4.27-4.27a.75.75 0 0 1 0-1.06L11.74 5.2a.75.75 0 0 1 1.06 0Z"
      />
    </svg>
    <Trans>返回列表</Trans>
  </Link>
);

export interface EnquiryDetailProps {
  supplierId: string;
  id: string;
}

/** One enquiry: where it stands, the buyer's terms, the lines, the quote form, the rounds and the supplier's quotes. */
export function EnquiryDetailView({ supplierId, id }: EnquiryDetailProps) {
  const { t } = useLingui();
  const query = useQuery(enquiryQueryOptions(supplierId, id));
  const errorText = useLoadErrorText(query.error);

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t`询价详情`} actions={<BackLink />} />
        <PageSpinner />
      </>
    );
  }

  // E404 dataLost: unknown, or another supplier's enquiry; the server's words, as a not-found state.
  const missing = query.isError && isEnquiryMissing(query.error);
  // An enquiry on the device that could not be refreshed stays on screen, with a note.
  if (query.isError && (missing || query.data === undefined)) {
    return (
      <>
        <PageHeader title={t`询价详情`} actions={<BackLink />} />
        <div className="card" role={missing ? undefined : 'alert'}>
          {missing ? (
            <EmptyState title={errorText} description={t`该询价单不存在，或不属于当前账号。`} />
          ) : (
            <EmptyState
              title={t`询价单加载失败`}
              description={errorText}
              action={
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                  <Trans>重试</Trans>
                </button>
              }
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <StaleDataNotice query={query} />
      <EnquiryView supplierId={supplierId} enquiry={query.data} />
    </>
  );
}

function EnquiryView({ supplierId, enquiry }: { supplierId: string; enquiry: EnquiryAnswer }) {
  const now = useServerNow(enquiry.clockOffset);
  const { clockOffset } = enquiry;
  // The quote form reads the bid service's clock when it needs it (on submit, for its own ticks).
  const serverNow = useCallback(() => Date.now() + clockOffset, [clockOffset]);
  return (
    <>
      <PageHeader title={<span className="break-words">{enquiry.theme}</span>} actions={<BackLink />} />
      <div className="space-y-4 sm:space-y-6">
        <EnquirySummarySection enquiry={enquiry} now={now} />
        <TermsSection enquiry={enquiry} />
        <ProjectList enquiry={enquiry} />
        <QuoteForm enquiry={enquiry} supplierId={supplierId} serverNow={serverNow} />
        <RoundHistory enquiry={enquiry} now={now} />
        <QuoteHistory enquiry={enquiry} />
      </div>
    </>
  );
}
