import { SEARCH_MAX } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';

interface NoticeSearchBoxProps {
  /** The applied search; remount the box (key) when it changes from outside, e.g. back/forward. */
  initial: string;
  onSubmit: (q: string) => void;
}

export function NoticeSearchBox({ initial, onSubmit }: NoticeSearchBoxProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(initial);
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(draft.trim());
  }

  function clear() {
    setDraft('');
    onSubmit('');
    inputRef.current?.focus();
  }

  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="notice-search" className="sr-only">
          <Trans>搜索公告</Trans>
        </label>
        <div className="relative">
          <input
            ref={inputRef}
            id="notice-search"
            type="search"
            className="input w-full pr-9 [&::-webkit-search-cancel-button]:appearance-none"
            value={draft}
            maxLength={SEARCH_MAX}
            placeholder={t`招标编号、标题、发布单位或项目地点`}
            onChange={(e) => setDraft(e.target.value)}
          />
          {draft && (
            <button
              type="button"
              onClick={clear}
              aria-label={t`清除搜索`}
              className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          )}
        </div>
      </div>
      <button type="submit" className="btn btn-primary">
        <Trans>搜索</Trans>
      </button>
    </form>
  );
}
