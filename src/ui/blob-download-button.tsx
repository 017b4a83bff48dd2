import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { saveBlob } from '@/api/file';
import { toast } from './toast';

/**
 * A file name that downloads bytes kept on this device (read on click, e.g. a queued file's
 * stored chunks), looking like FileDownloadButton. `load` answering null means the bytes are
 * gone: `missingText` says so.
 */
export function BlobDownloadButton({
  name,
  load,
  missingText,
  className,
}: {
  name: string;
  load: () => Promise<Blob | null>;
  missingText?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const blob = await load();
      if (blob) saveBlob(blob, name);
      else toast.error(missingText ?? t`文件下载失败`);
    } catch (error) {
      console.error('download failed', error);
      toast.error(t`文件下载失败`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`link inline-flex max-w-full items-center gap-1 text-left break-all disabled:opacity-60 ${className ?? ''}`}
      disabled={busy}
      aria-busy={busy}
      aria-label={t`下载 ${name}`}
      onClick={() => void onClick()}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
        <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
        <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
      </svg>
      <span>{name}</span>
    </button>
  );
}
