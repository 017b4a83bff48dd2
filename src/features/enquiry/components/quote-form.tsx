import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { quoteBlock, type EnquiryDetail } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { OutboxEntry } from '@/offline/db';
import { confirmDialog } from '@/ui/confirm';
import { formatDateTime } from '@/ui/format';
import { toast } from '@/ui/toast';
import { useNow } from '@/ui/use-now';
import { useQuoteStore } from '../quote/quote-store';
import { copyQuoteInto, queuedQuote } from '../quote/quote-thread';
import { initialQuoteValues } from '../quote/quote-values';
import { useQuoteOutbox } from '../quote/use-quote-outbox';
import { useQuoteSent } from '../quote/use-quote-sent';
import { QuoteEntryNote } from './quote-entry-note';
import { QuoteFormBody } from './quote-form-body';
import { priceInputId } from './quote-lines';

interface QuoteFormProps {
  enquiry: EnquiryDetail;
  supplierId: string;
  /** The bid service's clock (device time plus the offset of the enquiry's answer). */
  serverNow: () => number;
}

/**
 * The supplier's quote for the enquiry's current round, on its detail page: why it cannot be
 * quoted (quoteBlock by the bid service's clock, in words), or the form. Quotes of this
 * enquiry still on the device show above it; while one of the current round waits, the form
 * gives way to it (one quote per round). A quote refused because a newer round opened is mended
 * here: its prices are copied into this round's form, and the submitted quote takes its place.
 */
export function QuoteForm({ enquiry, supplierId, serverNow }: QuoteFormProps) {
  // Re-checks the deadline every 30 s (the block and the warnings go by the bid service's clock).
  useNow(30_000);
  const now = serverNow();
  const round = enquiry.round;
  const deadline = formatDateTime(enquiry.deadline);
  return (
    <section aria-labelledby="quote-heading" className="card space-y-4">
      <div>
        <h2 id="quote-heading">
          <Trans>第 {round} 轮报价</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>报价截止时间：{deadline}</Trans>
        </p>
      </div>
      {/* A new round is a new form: its own values, draft and store. */}
      <QuoteRound key={`${enquiry.id}:${round}`} enquiry={enquiry} supplierId={supplierId} now={now} />
    </section>
  );
}

function QuoteRound({ enquiry, supplierId, now }: { enquiry: EnquiryDetail; supplierId: string; now: number }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const initial = useMemo(() => initialQuoteValues(enquiry), [enquiry]);
  const store = useQuoteStore(() => initial);
  const outbox = useQuoteOutbox(supplierId, enquiry.id);
  const [sent, setSent] = useState(false);
  // The refused quote whose prices were copied in: submitting mends it (it is replaced, not left behind).
  const [mending, setMending] = useState<string | undefined>(undefined);
  useQuoteSent(({ enquiryId, round }) => {
    if (enquiryId === enquiry.id && round === enquiry.round) setSent(true);
  });

  const round = enquiry.round;
  const block = quoteBlock(enquiry, round, now);
  const waiting = outbox.waiting.some((entry) => queuedQuote(entry).round === round);
  const formOpen = !block && !waiting && !sent && outbox.loaded;

  const copy = async (entry: OutboxEntry) => {
    const before = store.get();
    const { values, copied } = copyQuoteInto(before, queuedQuote(entry), enquiry.lines);
    const typed = JSON.stringify(before.prices) !== JSON.stringify(initial.prices);
    if (typed) {
      const sure = await confirmDialog({
        title: t`复制报价`,
        message: t`表单中已填写的价格会被这份报价的价格替换，确定复制吗？`,
        confirmLabel: t`复制`,
      });
      if (!sure) return;
    }
    store.replace(values);
    setMending(entry.id);
    toast.success(t`已将 ${copied} 个价格复制到第 ${round} 轮，请核对后提交`);
    const first = enquiry.lines[0];
    if (first) document.getElementById(priceInputId(first.id))?.focus();
  };

  return (
    <>
      {outbox.entries.length > 0 ? (
        <div className="space-y-2">
          {outbox.entries.map((entry) => (
            <QuoteEntryNote key={entry.id} entry={entry} enquiry={enquiry} now={now} onCopy={formOpen ? (e) => void copy(e) : undefined} />
          ))}
        </div>
      ) : null}
      {sent ? (
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
          <Trans>第 {round} 轮报价已提交</Trans>
        </p>
      ) : block ? (
        <p
          role="status"
          className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="quote-block"
        >
          {message(block, locale)}
        </p>
      ) : formOpen ? (
        <QuoteFormBody enquiry={enquiry} supplierId={supplierId} store={store} initial={initial} replaces={mending} />
      ) : null}
    </>
  );
}
