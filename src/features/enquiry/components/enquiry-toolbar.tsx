import { ENQUIRY_BUSINESS_STATUSES, REPLY_STATUSES, type EnquiryBusinessStatus, type ReplyStatus } from '@contract/enquiry-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { SearchBox, StatusFilter } from '@/ui/list-toolbar';
import { BUSINESS_LABEL, REPLY_LABEL } from '../enquiry-labels';

interface EnquiryToolbarProps {
  /** The applied search; remount (key) when it changes from outside, e.g. back/forward. */
  q: string;
  replyStatus: ReplyStatus | '';
  businessStatus: EnquiryBusinessStatus | '';
  onSearch: (q: string) => void;
  onReplyStatus: (status: ReplyStatus | '') => void;
  onBusinessStatus: (status: EnquiryBusinessStatus | '') => void;
}

/** The inquiry list's search box and its two filters (src/ui/list-toolbar.tsx has room for one). */
export function EnquiryToolbar({ q, replyStatus, businessStatus, onSearch, onReplyStatus, onBusinessStatus }: EnquiryToolbarProps) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchBox id="enquiry-search" label={t`搜索询价单`} placeholder={t`询价单号或询价主题`} q={q} onSearch={onSearch} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:w-[28rem]">
        <StatusFilter
          id="enquiry-reply-status"
          label={<Trans>报价状态</Trans>}
          all={t`全部报价状态`}
          value={replyStatus}
          values={REPLY_STATUSES}
          labels={REPLY_LABEL}
          onChange={onReplyStatus}
        />
        <StatusFilter
          id="enquiry-business-status"
          label={<Trans>业务状态</Trans>}
          all={t`全部业务状态`}
          value={businessStatus}
          values={ENQUIRY_BUSINESS_STATUSES}
          labels={BUSINESS_LABEL}
          onChange={onBusinessStatus}
        />
      </div>
    </div>
  );
}
