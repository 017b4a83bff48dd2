import type { TenderRecordSummary } from '@contract/schemas/tender';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { actionReasons, bidChangeOffered, type ActionContext } from '../action-states';
import type { UrlAction } from '../tender-search';

type ActionsLayout = 'table' | 'card' | 'detail';

interface TenderActionsProps extends ActionContext {
  record: TenderRecordSummary;
  layout: ActionsLayout;
  /** Opens the deposit or refund dialog for this record. */
  onOpen: (action: UrlAction, record: TenderRecordSummary) => void;
  /** Asks to withdraw this record's standing bid (a confirmation, then the outbox). */
  onWithdraw: (record: TenderRecordSummary) => void;
}

// Labels may wrap: some are long in English and Vietnamese, and a phone is 360 px wide.
const LOOK: Record<ActionsLayout, string> = {
  table: 'btn btn-ghost btn-sm whitespace-normal',
  card: 'btn btn-secondary btn-sm whitespace-normal text-left',
  detail: 'btn btn-secondary whitespace-normal',
};
const LIST: Record<ActionsLayout, string> = {
  table: '-ml-3 flex flex-wrap items-start gap-x-1 gap-y-1',
  card: 'flex flex-wrap gap-2',
  detail: 'grid grid-cols-1 gap-3 sm:grid-cols-2',
};

/**
 * The row actions of SPEC.md section 2, with replacing and withdrawing a bid while they are
 * offered (`bidChangeOffered`: a bid stands, before the cut-off). An action that does not apply stays in place, marked
 * disabled (aria-disabled, so it can still be focused and tapped), with its reason: read out as
 * its description, shown on focus or tap (touch has no hover), and always on the detail page.
 */
export function TenderActions({ record, layout, onOpen, onWithdraw, ...context }: TenderActionsProps) {
  const reasons = actionReasons(record, context);
  const changeable = bidChangeOffered(record, context.now);
  const look = LOOK[layout];
  // Rows repeat the same labels: the record's number tells them apart for screen readers.
  const whose = layout === 'detail' ? null : <span className="sr-only"> {record.tenderNo}</span>;
  const label = (text: ReactNode) => (
    <>
      {text}
      {whose}
    </>
  );
  const item = (key: string, text: ReactNode, reason: string | null, open: ReactNode) => (
    <li key={key}>
      {reason ? <BlockedAction label={label(text)} reason={reason} className={look} alwaysShown={layout === 'detail'} /> : open}
    </li>
  );

  return (
    <ul className={LIST[layout]}>
      {layout === 'detail' ? null : (
        <li>
          <Link to="/platform/tenderManagement/$id" params={{ id: record.id }} className={look}>
            {label(<Trans>查看详情</Trans>)}
          </Link>
        </li>
      )}
      {item(
        'deposit',
        <Trans>缴纳保证金</Trans>,
        reasons.deposit,
        <button type="button" className={look} onClick={() => onOpen('deposit', record)}>
          {label(<Trans>缴纳保证金</Trans>)}
        </button>,
      )}
      {item(
        'bid',
        <Trans>上传投标文件及物料清单</Trans>,
        reasons.bid,
        <Link to="/platform/tenderManagement/$id/bid" params={{ id: record.id }} className={look}>
          {label(<Trans>上传投标文件及物料清单</Trans>)}
        </Link>,
      )}
      {changeable
        ? item(
            'replace',
            <Trans>替换投标文件</Trans>,
            reasons.replace,
            <Link to="/platform/tenderManagement/$id/bid" params={{ id: record.id }} search={{ replace: true }} className={look}>
              {label(<Trans>替换投标文件</Trans>)}
            </Link>,
          )
        : null}
      {changeable
        ? item(
            'withdraw',
            <Trans>撤回投标</Trans>,
            reasons.withdraw,
            <button type="button" className={look} onClick={() => onWithdraw(record)}>
              {label(<Trans>撤回投标</Trans>)}
            </button>,
          )
        : null}
      {item(
        'refund',
        <Trans>申请退还保证金</Trans>,
        reasons.refund,
        <button type="button" className={look} onClick={() => onOpen('refund', record)}>
          {label(<Trans>申请退还保证金</Trans>)}
        </button>,
      )}
      {item(
        'communicate',
        <Trans>发起沟通</Trans>,
        reasons.communicate,
        <Link to="/platform/communicateRecord/new" search={{ sourceNo: record.tenderNo }} className={look}>
          {label(<Trans>发起沟通</Trans>)}
        </Link>,
      )}
      {item(
        'visit',
        <Trans>来访申请</Trans>,
        reasons.visit,
        <Link to="/platform/visitorApplyNew/new" search={{ relatedProject: record.tenderNo }} className={look}>
          {label(<Trans>来访申请</Trans>)}
        </Link>,
      )}
    </ul>
  );
}

/** A closed action: focusable and tappable, does nothing but show why. */
function BlockedAction({
  label,
  reason,
  className,
  alwaysShown,
}: {
  label: ReactNode;
  reason: string;
  className: string;
  alwaysShown: boolean;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        // A mouse pointer gets the reason on hover without moving the layout.
        title={reason}
        className={`${className} cursor-not-allowed opacity-55`}
        onClick={() => setShown(true)}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown(false);
        }}
      >
        {label}
      </button>
      <p id={id} hidden={!(alwaysShown || shown)} className="mt-1 max-w-xs text-xs break-words text-slate-600">
        {reason}
      </p>
    </>
  );
}
