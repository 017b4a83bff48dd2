import type { FileRef } from '@contract/schemas/common';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { downloadFile } from '@/api/file';

/**
 * A file name that downloads on click (busy while it does); downloadFile reports failures.
 * Shared so that features list attachments alike without importing each other.
 */
export function FileDownloadButton({ file, className }: { file: FileRef; className?: string }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`link inline-flex max-w-full items-center gap-1 text-left break-all disabled:opacity-60 ${className ?? ''}`}
      disabled={busy}
      aria-busy={busy}
      aria-label={t`下载 ${file.name}`}
      onClick={() => {
        setBusy(true);
        void downloadFile(file.path, file.name).finally(() => setBusy(false));
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
        <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
        <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
      </svg>
      <span>{file.name}</span>
    </button>
  );
}
