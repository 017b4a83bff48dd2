import { SEARCH_MAX } from '@contract/limits';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';

interface ListToolbarProps<S extends string> {
  /** Prefix of the controls' ids (`<id>-search`, `<id>-status`). */
  id: string;
  /** The search box's label (read out) and placeholder (what can be searched). */
  searchLabel: string;
  placeholder: string;
  /** The applied search; remount (key) when it changes from outside, e.g. back/forward. */
  q: string;
  onSearch: (q: string) => void;
  status: S | '';
  statuses: readonly S[];
  statusLabel: Record<S, MessageDescriptor>;
  onStatus: (status: S | '') => void;
  /** Width of the status filter from sm up (long labels in some languages need more). */
  statusWidth?: string;
}

/**
 * Whether `text` fits the input's content box in the input's own font (and whenever its box
 * changes). Measured in the frame the box is first laid out, before that frame paints, so a hint
 * moved under the box never shifts the list: the observer's first call comes after the frame's
 * own layout, and its answer is committed at once (`flushSync`), so the browser lays out again
 * what changed before it paints. Read in a layout effect instead, the box's size forced a layout
 * of the whole screen inside React's commit (120 ms with a phone's CPU when the app's screen
 * replaced a server render), and the frame then laid it out again.
 */
function useFitsInput(inputRef: RefObject<HTMLInputElement | null>, text: string): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || typeof ResizeObserver !== 'function') return;
    let context: CanvasRenderingContext2D | null = null;
    const observer = new ResizeObserver(() => {
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // A box not laid out (hidden, or no layout at all) says nothing yet.
      if (!(room > 0)) return;
      context ??= document.createElement('canvas').getContext('2d');
      if (!context) return;
      context.font = style.font;
      const fit = context.measureText(text).width <= room;
      flushSync(() => setFits(fit));
    });
    observer.observe(input);
    return () => observer.disconnect();
  }, [inputRef, text]);
  return fits;
}

/**
 * A list's search box: applied on submit, with a clear button. Remount (key) it when `q` changes from outside.
 * What can be searched is the placeholder where it fits the box; where it does not (a phone, a long
 * language), it is a hint under the box instead, never cut off.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  q,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(q);
  const inputRef = useRef<HTMLInputElement>(null);
  const fits = useFitsInput(inputRef, placeholder);
  const hintId = `${id}-hint`;

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
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap gap-x-2 gap-y-1">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          type="search"
          // Room for the clear button only while it is there: the placeholder shows when it is not.
          className={`input [&::-webkit-search-cancel-button]:appearance-none ${draft ? 'pr-9' : ''}`}
          value={draft}
          maxLength={SEARCH_MAX}
          placeholder={fits ? placeholder : undefined}
          aria-describedby={fits ? undefined : hintId}
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
      {fits ? null : (
        <p id={hintId} className="basis-full text-sm break-words text-slate-500">
          {placeholder}
        </p>
      )}
    </form>
  );
}

interface StatusFilterProps<S extends string> {
  id: string;
  /** Defaults to 状态 / 全部状态. */
  label?: ReactNode;
  all?: string;
  value: S | '';
  values: readonly S[];
  labels: Record<S, MessageDescriptor>;
  onChange: (value: S | '') => void;
  className?: string;
}

/** A status filter: a labelled native select applied on change, "all" first. */
export function StatusFilter<S extends string>({ id, label, all, value, values, labels, onChange, className = '' }: StatusFilterProps<S>) {
  const { t, i18n } = useLingui();
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        {label ?? <Trans>状态</Trans>}
      </label>
      <select id={id} className="input min-w-0" value={value} onChange={(e) => onChange(e.target.value as S | '')}>
        <option value="">{all ?? t`全部状态`}</option>
        {values.map((code) => (
          <option key={code} value={code}>
            {i18n._(labels[code])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list's search box and one status filter. */
export function ListToolbar<S extends string>({
  id,
  searchLabel,
  placeholder,
  q,
  onSearch,
  status,
  statuses,
  statusLabel,
  onStatus,
  statusWidth = 'sm:w-56',
}: ListToolbarProps<S>) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox id={`${id}-search`} label={searchLabel} placeholder={placeholder} q={q} onSearch={onSearch} />
      <StatusFilter id={`${id}-status`} value={status} values={statuses} labels={statusLabel} onChange={onStatus} className={statusWidth} />
    </div>
  );
}
