import { SEARCH_MAX } from '@contract/limits';
import { ENQUIRY_BUSINESS_STATUSES, REPLY_STATUSES, type EnquiryBusinessStatus, type ReplyStatus } from '@contract/enquiry-values';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
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

/**
 * The inquiry list's search box (applied on submit, with a clear button) and its two filters,
 * native selects applied on change (like src/ui/list-toolbar.tsx, which has room for one).
 */
export function EnquiryToolbar({ q, replyStatus, businessStatus, onSearch, onReplyStatus, onBusinessStatus }: EnquiryToolbarProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(q);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  const clear = () => {
    setDraft('');
    onSearch('');
    inputRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="enquiry-search" className="sr-only">
            {t`搜索询价单`}
          </label>
          <input
            ref={inputRef}
            id="enquiry-search"
            type="search"
            className="input pr-9 [&::-webkit-search-cancel-button]:appearance-none"
            value={draft}
            maxLength={SEARCH_MAX}
            placeholder={t`询价单号或询价主题`}
            onChange={(e) => setDraft(e.target.value)}
          />
          {draft ? (
            <button
              type="button"
              onClick={clear}
              aria-label={t`清除搜索`}
              className="absolute inset-y-0 right-0 flex w-9 cursor-pointer items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-700"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          <Trans>搜索</Trans>
        </button>
      </form>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:w-[28rem]">
        <Filter id="enquiry-reply-status" label={<Trans>报价状态</Trans>} all={t`全部报价状态`} value={replyStatus} values={REPLY_STATUSES} labels={REPLY_LABEL} onChange={onReplyStatus} />
        <Filter
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

function Filter<S extends string>({
  id,
  label,
  all,
  value,
  values,
  labels,
  onChange,
}: {
  id: string;
  label: ReactNode;
  all: string;
  value: S | '';
  values: readonly S[];
  labels: Record<S, MessageDescriptor>;
  onChange: (value: S | '') => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        {label}
      </label>
      <select id={id} className="input min-w-0" value={value} onChange={(e) => onChange(e.target.value as S | '')}>
        <option value="">{all}</option>
        {values.map((code) => (
          <option key={code} value={code}>
            {i18n._(labels[code])}
          </option>
        ))}
      </select>
    </div>
  );
}
