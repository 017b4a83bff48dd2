import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { PageHeader } from '@/ui/page-header';
import { BackLink, RecordStates } from '@/ui/record-states';
import { enquiryQueryOptions, isEnquiryMissing, type EnquiryAnswer } from '../api/get-enquiry';
import { useServerNow } from '@/ui/server-clock';
import { EnquirySummarySection, TermsSection } from './detail-sections';
import { ProjectList } from './project-list';
import { QuoteForm } from './quote-form';
import { QuoteHistory } from './quote-history';
import { RoundHistory } from './round-history';

const backToList = (
  <BackLink to="/platform/bargaining">
    <Trans>返回列表</Trans>
  </BackLink>
);

export interface EnquiryDetailProps {
  supplierId: string;
  id: string;
}

/** One enquiry: where it stands, the buyer's terms, the lines, the quote form, the rounds and the supplier's quotes. */
export function EnquiryDetailView({ supplierId, id }: EnquiryDetailProps) {
  const { t } = useLingui();
  return (
    <RecordStates
      query={useQuery(enquiryQueryOptions(supplierId, id))}
      frame={(content) => (
        <>
          <PageHeader title={t`询价详情`} actions={backToList} />
          {content}
        </>
      )}
      isMissing={isEnquiryMissing}
      missing={{ description: t`该询价单不存在，或不属于当前账号。` }}
      failedTitle={t`询价单加载失败`}
    >
      {(enquiry, staleNote) => <EnquiryView supplierId={supplierId} enquiry={enquiry} staleNote={staleNote} />}
    </RecordStates>
  );
}

function EnquiryView({ supplierId, enquiry, staleNote }: { supplierId: string; enquiry: EnquiryAnswer; staleNote: ReactNode }) {
  const now = useServerNow(enquiry.clockOffset);
  const { clockOffset } = enquiry;
  // The quote form reads the bid service's clock when it needs it (on submit, for its own ticks).
  const serverNow = useCallback(() => Date.now() + clockOffset, [clockOffset]);
  return (
    <>
      <PageHeader title={<span className="break-words">{enquiry.theme}</span>} actions={backToList} />
      {staleNote}
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
