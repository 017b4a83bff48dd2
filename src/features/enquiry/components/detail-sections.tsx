import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { WarningIcon } from '@/ui/deadline-notice';
import { InfoList } from '@/ui/info-list';
import { replyStatusNow } from '../enquiry-state';
import { timeLeft } from '@/ui/server-clock';
import { TimeLeft } from '@/ui/time-left';
import { BusinessBadge, ReplyBadge } from './enquiry-badges';
import { PlainDate } from './plain-date';
import { Section } from './section';

const text = (value: string) => (value.trim() ? value : '—');

/** Where the enquiry stands: number, statuses, round, dates and the round's deadline with the time left. */
export function EnquirySummarySection({ enquiry, now }: { enquiry: EnquiryDetail; now: number }) {
  const { t } = useLingui();
  const reply = replyStatusNow(enquiry, now);
  const round = enquiry.round;
  return (
    <section className="card space-y-4" aria-label={t`询价概要`}>
      <InfoList
        items={[
          { label: <Trans>询价单号</Trans>, value: <span className="tabular-nums">{enquiry.enquiryNo}</span> },
          { label: <Trans>议价次数</Trans>, value: <Trans>第 {round} 轮</Trans> },
          { label: <Trans>报价状态</Trans>, value: <ReplyBadge status={reply} /> },
          { label: <Trans>业务状态</Trans>, value: <BusinessBadge status={enquiry.businessStatus} /> },
          { label: <Trans>询价日期</Trans>, value: <DateTime value={enquiry.createdAt} /> },
          { label: <Trans>最后更新</Trans>, value: <DateTime value={enquiry.updatedAt} /> },
          {
            label: <Trans>报价截止时间</Trans>,
            value: (
              <span className="flex flex-wrap items-center gap-2">
                <DateTime value={enquiry.deadline} />
                {reply === 'pending' ? <TimeLeft deadline={enquiry.deadline} now={now} /> : null}
              </span>
            ),
          },
        ]}
      />
      <DeadlineNotice enquiry={enquiry} now={now} />
    </section>
  );
}

const DAY = 24 * 3600_000;

/**
 * The round's deadline in words while the enquiry is bargaining: how long this supplier has
 * left to quote (amber in the last 24 hours, with an icon: not colour alone), or that the round
 * closed without its quote. Why a quote cannot be taken is the quote form's to say.
 */
function DeadlineNotice({ enquiry, now }: { enquiry: EnquiryDetail; now: number }) {
  if (enquiry.businessStatus !== 'bargaining') return null;
  const reply = replyStatusNow(enquiry, now);
  const round = enquiry.round;
  const left = timeLeft(enquiry.deadline, now);
  if (reply === 'replied' || left === null) return null;
  if (left === 'passed') {
    return (
      <p role="note" className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <WarningIcon className="mt-0.5 size-4" />
        <span>
          <Trans>
            第 {round} 轮报价已于 <DateTime value={enquiry.deadline} /> 截止，请等待采购方发起新一轮议价或公布结果。
          </Trans>
        </span>
      </p>
    );
  }
  const soon = Date.parse(enquiry.deadline) - now < DAY;
  return (
    <p
      role="note"
      className={`flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 text-sm ${soon ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-brand-200 bg-brand-50 text-brand-900'}`}
    >
      {soon ? <WarningIcon className="size-4" /> : null}
      <span>
        {soon ? (
          <Trans>
            距第 {round} 轮报价截止不足 24 小时（
            <DateTime value={enquiry.deadline} />
            ），请尽快报价。
          </Trans>
        ) : (
          <Trans>
            请在 <DateTime value={enquiry.deadline} /> 前提交第 {round} 轮报价。
          </Trans>
        )}
      </span>
      <TimeLeft deadline={enquiry.deadline} now={now} />
    </p>
  );
}

/** The buyer's terms (SPEC.md section 3): currency, tax, validity, VAT, warranty, transport, delivery, invoice, payment, unloading. */
export function TermsSection({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
    <Section id="enquiry-terms" title={<Trans>询价条款</Trans>}>
      <InfoList
        items={[
          { label: <Trans>币种</Trans>, value: text(enquiry.currency) },
          { label: <Trans>价格是否含税</Trans>, value: enquiry.priceIncludesTax ? <Trans>含税</Trans> : <Trans>不含税</Trans> },
          { label: <Trans>生效时间</Trans>, value: <DateTime value={enquiry.effectiveTime} /> },
          { label: <Trans>失效时间</Trans>, value: <DateTime value={enquiry.expiryTime} /> },
          { label: <Trans>增值税类型</Trans>, value: text(enquiry.vatType) },
          { label: <Trans>发票类型</Trans>, value: text(enquiry.invoiceType) },
          { label: <Trans>质保期</Trans>, value: text(enquiry.warrantyPeriod) },
          { label: <Trans>质保方式</Trans>, value: text(enquiry.warrantyMethod) },
          { label: <Trans>运输方式</Trans>, value: text(enquiry.transportType) },
          { label: <Trans>交货方式</Trans>, value: text(enquiry.deliveryType) },
          { label: <Trans>交货日期</Trans>, value: <PlainDate value={enquiry.deliveryDate} /> },
          { label: <Trans>卸货方式</Trans>, value: text(enquiry.unloadingMethod) },
          { label: <Trans>付款方式</Trans>, value: text(enquiry.paymentType) },
          {
            label: <Trans>备注</Trans>,
            value: enquiry.remark.trim() ? <span className="whitespace-pre-line">{enquiry.remark}</span> : '—',
            wide: true,
          },
        ]}
      />
    </Section>
  );
}
