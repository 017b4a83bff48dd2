import { BCP47, type Locale } from '@contract/locales';
import type { NoticeDetail } from '@contract/schemas/notice';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/ui/empty-state';
import { ScrollRegion } from '@/ui/scroll-region';

type Material = NoticeDetail['typicalMaterials'][number];

/** A table from `md` up; stacked cards on a phone, where six columns cannot fit. */
export function TypicalMaterials({ materials }: { materials: Material[] }) {
  const { t, i18n } = useLingui();
  if (materials.length === 0) return <EmptyState title={t`暂无典型物料`} />;
  const quantity = (n: number) => new Intl.NumberFormat(BCP47[i18n.locale as Locale], { maximumFractionDigits: 4 }).format(n);

  return (
    <>
      <ScrollRegion label={t`典型物料`} className="table-wrap hidden md:block">
        <table className="table table-fit">
          <thead>
            <tr>
              <th scope="col">
                <Trans>物料名称</Trans>
              </th>
              <th scope="col">
                <Trans>规格</Trans>
              </th>
              <th scope="col" className="text-right">
                <Trans>预计年采购量</Trans>
              </th>
              <th scope="col">
                <Trans>单位</Trans>
              </th>
              <th scope="col">
                <Trans>用途</Trans>
              </th>
              <th scope="col">
                <Trans>备注</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {materials.map((m, i) => (
              <tr key={i}>
                <td>{m.name}</td>
                <td>{m.specification}</td>
                <td className="text-right tabular-nums">{quantity(m.estimatedAnnualQuantity)}</td>
                <td>{m.unit}</td>
                <td>{m.usage}</td>
                <td>{m.remark || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="space-y-3 md:hidden">
        {materials.map((m, i) => (
          <li key={i} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium break-words text-slate-900">{m.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">
                <Trans>规格</Trans>
              </dt>
              <dd className="min-w-0 break-words">{m.specification}</dd>
              <dt className="text-slate-500">
                <Trans>预计年采购量</Trans>
              </dt>
              <dd className="tabular-nums">
                {quantity(m.estimatedAnnualQuantity)} {m.unit}
              </dd>
              <dt className="text-slate-500">
                <Trans>用途</Trans>
              </dt>
              <dd className="min-w-0 break-words">{m.usage}</dd>
              <dt className="text-slate-500">
                <Trans>备注</Trans>
              </dt>
              <dd className="min-w-0 break-words">{m.remark || '—'}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
