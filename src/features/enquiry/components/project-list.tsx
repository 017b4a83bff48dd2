import type { Locale } from '@contract/locales';
import type { EnquiryDetail, EnquiryLine } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { ScrollRegion } from '@/ui/scroll-region';
import type { ReactNode } from 'react';
import { Money } from '@/ui/money';
import { changeOf, formatQuantity } from '../enquiry-format';
import { quoteSources } from '../quote-rounds';
import { PriceChange } from './price-change';
import { Missing, Section } from './section';
import { TemplateDownloadButton } from './template-download';

interface Currencies {
  /** The enquiry's: the buyer's expected and target prices. */
  enquiry: string;
  /** The supplier's last quote of an earlier round. */
  latest: string;
  /** This round's quote. */
  reply: string;
}

interface LineView {
  line: EnquiryLine;
  discount: string | null;
}

/** The material lines of the enquiry with the buyer's and the supplier's prices (SPEC.md section 3). */
export function ProjectList({ enquiry }: { enquiry: EnquiryDetail }) {
  const { i18n } = useLingui();
  const { current, previous } = quoteSources(enquiry);
  const currencies: Currencies = {
    enquiry: enquiry.currency,
    latest: previous?.currency ?? enquiry.currency,
    reply: current?.currency ?? enquiry.currency,
  };
  const comparable = currencies.latest === currencies.reply;
  const rows: LineView[] = [...enquiry.lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((line) => ({ line, discount: changeOf(line.replyPrice, line.latestQuotation, comparable) }));
  return (
    <Section id="enquiry-lines" title={<Trans>项目清单</Trans>} actions={<TemplateDownloadButton enquiry={enquiry} />}>
      {rows.length === 0 ? (
        <Missing>
          <Trans>该询价单没有物料行。</Trans>
        </Missing>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            <Trans>共 {i18n.number(rows.length)} 行物料。折扣为回复价格相对最新报价的变化。</Trans>
          </p>
          <div className="hidden lg:block">
            <LinesTable rows={rows} currencies={currencies} />
          </div>
          <ul className="space-y-3 lg:hidden">
            {rows.map((row) => (
              <li key={row.line.id}>
                <LineCard row={row} currencies={currencies} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

const price = (value: string | null, currency: string) =>
  value === null ? <span className="text-slate-500">—</span> : <Money value={value} currency={currency} />;
const text = (value: string) => (value.trim() ? value : '—');

function LinesTable({ rows, currencies }: { rows: LineView[]; currencies: Currencies }) {
  const { i18n, t } = useLingui();
  const locale = i18n.locale as Locale;
  return (
    <ScrollRegion label={t`项目清单`}>
      <table className="table [&_td]:px-3 [&_th]:px-3">
        <caption className="sr-only">
          <Trans>项目清单</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>行号</Trans>
            </th>
            <th scope="col">
              <Trans>物料编码</Trans>
            </th>
            <th scope="col">
              <Trans>物料名称</Trans>
            </th>
            <th scope="col">
              <Trans>规格型号</Trans>
            </th>
            <th scope="col">
              <Trans>单位</Trans>
            </th>
            <th scope="col">
              <Trans>品牌</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>预估数量</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>最新报价</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>期望价格</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>目标价格</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>回复价格</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>折扣</Trans>
            </th>
            <th scope="col">
              <Trans>包装规格</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ line, discount }) => (
            <tr key={line.id}>
              <td className="tabular-nums">{line.lineNo}</td>
              <td className="tabular-nums whitespace-nowrap">{line.materialNo}</td>
              <td className="max-w-48 break-words whitespace-normal">{line.name}</td>
              <td className="max-w-48 break-words whitespace-normal">{text(line.specification)}</td>
              <td>{text(line.unit)}</td>
              <td className="max-w-32 break-words whitespace-normal">{text(line.brand)}</td>
              <td className="text-right tabular-nums whitespace-nowrap">{formatQuantity(line.quantity, locale)}</td>
              <td className="text-right whitespace-nowrap">{price(line.latestQuotation, currencies.latest)}</td>
              <td className="text-right whitespace-nowrap">{price(line.expectedPrice, currencies.enquiry)}</td>
              <td className="text-right whitespace-nowrap">{price(line.targetPrice, currencies.enquiry)}</td>
              <td className="text-right whitespace-nowrap">{price(line.replyPrice, currencies.reply)}</td>
              <td className="text-right">
                <PriceChange change={discount} />
              </td>
              <td className="max-w-40 break-words whitespace-normal">{text(line.packageSpecification)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** One line as a card (phones and narrow screens): name and number first, prices in a two-column list. */
function LineCard({ row: { line, discount }, currencies }: { row: LineView; currencies: Currencies }) {
  const { i18n } = useLingui();
  const titleId = `enquiry-line-${line.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-3">
      <h3 id={titleId} className="text-sm font-semibold break-words">
        <span className="text-slate-500 tabular-nums">{line.lineNo}.</span> {line.name}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <Fact label={<Trans>物料编码</Trans>}>
          <span className="tabular-nums">{line.materialNo}</span>
        </Fact>
        <Fact label={<Trans>规格型号</Trans>}>{text(line.specification)}</Fact>
        <Fact label={<Trans>品牌</Trans>}>{text(line.brand)}</Fact>
        <Fact label={<Trans>预估数量</Trans>}>
          <span className="tabular-nums">{formatQuantity(line.quantity, i18n.locale as Locale)}</span> {line.unit}
        </Fact>
        <Fact label={<Trans>最新报价</Trans>}>{price(line.latestQuotation, currencies.latest)}</Fact>
        <Fact label={<Trans>期望价格</Trans>}>{price(line.expectedPrice, currencies.enquiry)}</Fact>
        <Fact label={<Trans>目标价格</Trans>}>{price(line.targetPrice, currencies.enquiry)}</Fact>
        <Fact label={<Trans>回复价格</Trans>}>{price(line.replyPrice, currencies.reply)}</Fact>
        <Fact label={<Trans>折扣</Trans>}>
          <PriceChange change={discount} />
        </Fact>
        <Fact label={<Trans>包装规格</Trans>}>{text(line.packageSpecification)}</Fact>
      </dl>
    </article>
  );
}
