import { Trans, useLingui } from '@lingui/react/macro';
import { ScrollRegion } from '@/ui/scroll-region';
import type { BomReadingState } from '../bom/use-bom-reading';

const NOTE = 'mt-2 rounded-lg border px-3 py-2 text-sm';

/**
 * What the reader found in the chosen bill: how many material lines and the first five under
 * their header, or why it could not tell. An empty bill is an error (the form shows it on the
 * picker and refuses it); an
 * unreadable one or a .xls is a note: the bid service checks those when the bid arrives.
 */
export function BidBomPreview({ id, state }: { id: string; state: BomReadingState }) {
  const { t, i18n } = useLingui();
  switch (state.status) {
    case 'none':
      return null;
    case 'reading':
      return (
        <p id={id} role="status" className="mt-2 text-sm text-slate-500">
          <Trans>正在读取物料清单…</Trans>
        </p>
      );
  }
  switch (state.kind) {
    case 'empty':
      // Shown under the picker as its error (so the chooser is described by it); said here once.
      return (
        <p id={id} role="alert" className="sr-only">
          <Trans>物料清单中没有物料行</Trans>
        </p>
      );
    case 'unreadable':
      return (
        <p id={id} role="alert" className={`${NOTE} border-amber-200 bg-amber-50 text-amber-900`}>
          <Trans>无法在本设备上读取该物料清单，请确认文件未损坏；提交后将由投标服务检查。</Trans>
        </p>
      );
    case 'unchecked':
      return (
        <p id={id} role="status" className={`${NOTE} border-slate-200 bg-slate-50 text-slate-700`}>
          <Trans>.xls 文件无法在此预览，提交后将由投标服务检查其内容。</Trans>
        </p>
      );
  }
  const { header, preview } = state;
  const lineCount = i18n.number(state.lineCount);
  return (
    <div id={id} className="mt-2 space-y-2">
      <p role="status" className="text-sm text-slate-700">
        <Trans>物料清单共 {lineCount} 行物料</Trans>
      </p>
      {/* Wide sheets scroll inside their own box, so a 360 px page never scrolls sideways. */}
      <ScrollRegion label={t`物料清单预览`} className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full text-left text-xs">
          <caption className="sr-only">{t`物料清单预览（前 5 行）`}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {header.map((title, i) => (
                <th key={i} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} className="max-w-48 truncate px-2 py-1.5 whitespace-nowrap text-slate-800" title={cell}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {state.lineCount > preview.length ? (
        <p className="text-xs text-slate-500">
          <Trans>仅显示前 5 行</Trans>
        </p>
      ) : null}
    </div>
  );
}
