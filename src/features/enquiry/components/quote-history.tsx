import type { EnquiryDetail, EnquiryQuote } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { FileDownloadButton } from '@/ui/file-download-button';
import { InfoList } from '@/ui/info-list';
import { Money } from '@/ui/money';
import { useKeepReceipts } from '@/offline/use-receipts';
import { ReceiptDisclosure } from '@/ui/receipt-list';
import { ScrollRegion } from '@/ui/scroll-region';
import { changeOf } from '../enquiry-format';
import { quoteTimeline } from '../quote-rounds';
import { PlainDate } from './plain-date';
import { PriceChange } from './price-change';
import { Missing, Section } from './section';

/**
 * What the supplier answered in each round, newest first (the newest open, older ones folded):
 * date, currency, total, and every line's price with its change against the supplier's quote
 * before it, so it can see how its prices moved.
 */
export function QuoteHistory({ enquiry }: { enquiry: EnquiryDetail }) {
  const timeline = quoteTimeline(enquiry.quotes);
  useKeepReceipts(enquiry.quotes.flatMap((quote) => (quote.receipt ? [quote.receipt] : [])));
  return (
    <Section id="enquiry-quotes" title={<Trans>报价历史</Trans>}>
      {timeline.length === 0 ? (
        <Missing>
          <Trans>您尚未对该询价报价。</Trans>
        </Missing>
      ) : (
        <div className="space-y-3">
          {timeline.map(({ quote, before }, i) => (
            <QuoteRound key={quote.round} enquiry={enquiry} quote={quote} before={before} open={i === 0} />
          ))}
        </div>
      )}
    </Section>
  );
}

function QuoteRound({
  enquiry,
  quote,
  before,
  open,
}: {
  enquiry: EnquiryDetail;
  quote: EnquiryQuote;
  before: EnquiryQuote | null;
  open: boolean;
}) {
  const { t } = useLingui();
  const lines = new Map(enquiry.lines.map((line) => [line.id, line]));
  const earlier = new Map(before?.lines.map((line) => [line.lineId, line.price]) ?? []);
  const sameCurrency = before?.currency === quote.currency;
  const round = quote.round;
  const rows = quote.lines
    .map((entry) => ({ entry, line: lines.get(entry.lineId) }))
    .sort((a, b) => (a.line?.lineNo ?? Number.MAX_SAFE_INTEGER) - (b.line?.lineNo ?? Number.MAX_SAFE_INTEGER));
  return (
    <details open={open} className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2.5 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
        >
          <path
            fillRule="evenodd"
            d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 0 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z"
          />
        </svg>
        <span className="font-medium tabular-nums">
          <Trans>第 {round} 轮报价</Trans>
        </span>
        <DateTime value={quote.submittedAt} className="text-sm text-slate-600" />
        <span className="text-sm">
          <Trans>
            合计 <Money value={quote.total} currency={quote.currency} className="font-medium" />
          </Trans>
        </span>
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-3 py-3">
        <InfoList
          items={[
            { label: <Trans>提交时间</Trans>, value: <DateTime value={quote.submittedAt} /> },
            { label: <Trans>币种</Trans>, value: quote.currency },
            { label: <Trans>报价合计</Trans>, value: <Money value={quote.total} currency={quote.currency} /> },
            { label: <Trans>价格是否含税</Trans>, value: quote.taxIncluded ? <Trans>含税</Trans> : <Trans>不含税</Trans> },
            { label: <Trans>交货日期</Trans>, value: <PlainDate value={quote.deliveryDate} /> },
            { label: <Trans>询价函</Trans>, value: quote.letter ? <FileDownloadButton file={quote.letter} /> : '—' },
            ...(quote.remark
              ? [{ label: <Trans>备注</Trans>, value: <span className="whitespace-pre-line">{quote.remark}</span>, wide: true }]
              : []),
          ]}
        />
        <ReceiptDisclosure receipt={quote.receipt} />
        <ScrollRegion label={t`第 ${round} 轮报价明细`}>
          <table className="table min-w-0 [&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3">
            <caption className="sr-only">{t`第 ${round} 轮报价明细`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>物料</Trans>
                </th>
                <th scope="col" className="text-right">
                  <Trans>报价</Trans>
                </th>
                <th scope="col" className="text-right">
                  {before ? <Trans>较第 {before.round} 轮</Trans> : <Trans>较上次报价</Trans>}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ entry, line }) => (
                <tr key={entry.lineId}>
                  <td className="break-words whitespace-normal">
                    {line ? (
                      <>
                        <span className="block tabular-nums text-slate-500">{line.materialNo}</span>
                        {line.name}
                      </>
                    ) : (
                      entry.lineId
                    )}
                  </td>
                  <td className="text-right whitespace-nowrap">
                    <Money value={entry.price} currency={quote.currency} />
                  </td>
                  <td className="text-right">
                    <PriceChange change={changeOf(entry.price, earlier.get(entry.lineId), sameCurrency)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </details>
  );
}
