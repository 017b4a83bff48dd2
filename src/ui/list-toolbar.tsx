import { SEARCH_MAX } from '@contract/limits';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';

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

/** A list's search box (applied on submit, with a clear button) and status filter (applied on change). */
export function ListToolbar<S extends string>({ id, searchLabel, placeholder, q, onSearch, status, statuses, statusLabel, onStatus, statusWidth = 'sm:w-56' }: ListToolbarProps<S>) {
  const { t, i18n } = useLingui();
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
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            {searchLabel}
          </label>
          <input
            ref={inputRef}
            id={`${id}-search`}
            type="search"
            className="input pr-9 [&::-webkit-search-cancel-button]:appearance-none"
            value={draft}
            maxLength={SEARCH_MAX}
            placeholder={placeholder}
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
      <div className={`flex items-center gap-2 ${statusWidth}`}>
        <label htmlFor={`${id}-status`} className="shrink-0 text-sm text-slate-600">
          <Trans>状态</Trans>
        </label>
        <select id={`${id}-status`} className="input" value={status} onChange={(e) => onStatus(e.target.value as S | '')}>
          <option value="">{t`全部状态`}</option>
          {statuses.map((code) => (
            <option key={code} value={code}>
              {i18n._(statusLabel[code])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
