import { PAGE_SIZES } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

export interface PagerProps {
  pageNo: number;
  pageSize: number;
  total: number;
  /** The total is a lower bound (a search counted only up to a cap): shown as "10,000+". */
  totalCapped?: boolean;
  onChange: (pageNo: number, pageSize: number) => void;
  /** The navigation's name when a screen has two pagers (landmarks should be told apart); "分页" by default. */
  label?: string;
}

/** Page numbers to show: all when few, else first, last and a window around the current one. */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 1, pages - 4));
  const to = Math.min(pages - 1, Math.max(current + 1, 5));
  const items: (number | 'gap')[] = [1];
  if (from > 2) items.push('gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}

const Arrow = ({ dir }: { dir: 'left' | 'right' }) => (
  <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
    {dir === 'left' ? (
      <path
        fillRule="evenodd"
        d="M12.8 5.2a.75.75 0 0 1 0 1.06L9.06 10l3.74 3.74a.75.75 0 1 1-1.06 1.06l-4.27-4.27a.75.75 0 0 1 0-1.06L11.74 5.2a.75.75 0 0 1 1.06 0Z"
      />
    ) : (
      <path
        fillRule="evenodd"
        d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 0 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z"
      />
    )}
  </svg>
);

/** Sizes, prev, pages, next and a jumper (SPEC.md section 9); compact "3 / 12" on phones. */
export function Pager({ pageNo, pageSize, total: count, totalCapped, onChange, label }: PagerProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const current = Math.min(Math.max(1, pageNo), pages);
  const [jump, setJump] = useState('');
  const total = i18n.number(count);

  const go = (p: number) => {
    const target = Math.min(Math.max(1, p), pages);
    if (target !== current) onChange(target, pageSize);
  };
  const submitJump = () => {
    const n = Number.parseInt(jump, 10);
    if (Number.isFinite(n)) go(n);
    setJump('');
  };
  const cell = 'inline-flex min-h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm';

  return (
    <nav aria-label={label ?? t`分页`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 py-3 text-sm text-slate-600">
      <div className="flex items-center gap-3">
        <span>{totalCapped ? <Trans>共 {total}+ 条</Trans> : <Trans>共 {total} 条</Trans>}</span>
        <label className="flex items-center gap-2">
          <span className="sr-only sm:not-sr-only">
            <Trans>每页</Trans>
          </span>
          <select
            className="input min-h-9 w-auto py-1 pr-8"
            value={pageSize}
            aria-label={t`每页条数`}
            onChange={(e) => onChange(1, Number(e.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {t`${size} 条/页`}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="flex items-center gap-1">
        <button
          type="button"
          className={`${cell} btn-ghost cursor-pointer disabled:cursor-not-allowed disabled:opacity-40`}
          aria-label={t`上一页`}
          disabled={current <= 1}
          onClick={() => go(current - 1)}
        >
          <Arrow dir="left" />
        </button>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageItems(current, pages).map((item, i) =>
            item === 'gap' ? (
              <li key={`gap-${i}`} className={`${cell} text-slate-400`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className={`${cell} cursor-pointer ${item === current ? 'bg-brand-700 font-semibold text-white' : 'text-slate-700 hover:bg-brand-50'}`}
                  aria-current={item === current ? 'page' : undefined}
                  aria-label={t`第 ${item} 页`}
                  onClick={() => go(item)}
                >
                  {i18n.number(item)}
                </button>
              </li>
            ),
          )}
        </ul>
        <span className="px-2 tabular-nums sm:hidden" aria-live="polite">
          {i18n.number(current)} / {i18n.number(pages)}
        </span>
        <button
          type="button"
          className={`${cell} btn-ghost cursor-pointer disabled:cursor-not-allowed disabled:opacity-40`}
          aria-label={t`下一页`}
          disabled={current >= pages}
          onClick={() => go(current + 1)}
        >
          <Arrow dir="right" />
        </button>
      </div>

      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submitJump();
        }}
      >
        {/* One message around the input, so each language orders "go to page N" its own way. */}
        <span className="flex items-center gap-2">
          <Trans>
            前往{' '}
            <input
              id={`${id}-jump`}
              className="input min-h-9 w-16 py-1 text-center"
              inputMode="numeric"
              value={jump}
              onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
              onBlur={() => jump && submitJump()}
              aria-label={t`跳转到页码`}
            />{' '}
            页
          </Trans>
        </span>
      </form>
    </nav>
  );
}
