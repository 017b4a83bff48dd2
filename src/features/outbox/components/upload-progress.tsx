import type { UploadRecord } from '@/offline/db';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { ProgressBar } from '@/ui/progress-bar';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** One bar per file: what the bid service has acknowledged of it. */
export function UploadProgress({ uploads }: { uploads: UploadRecord[] }) {
  const { t } = useLingui();
  const base = useId();
  if (uploads.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label={t`附件上传进度`}>
      {uploads.map((upload, i) => {
        const id = `${base}-${i}`;
        const done = upload.status === 'done' ? upload.size : upload.uploadedBytes;
        const sent = mb(done);
        const total = mb(upload.size);
        return (
          <li key={upload.id} className="text-xs text-slate-600">
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={id} className="min-w-0 truncate font-medium text-slate-700" title={upload.name}>
                {upload.name}
              </label>
              <span className="shrink-0 tabular-nums">
                {upload.status === 'done' ? t`已上传` : upload.status === 'failed' ? t`上传失败` : t`${sent} / ${total} MB`}
              </span>
            </div>
            <ProgressBar id={id} className="mt-1" max={upload.size} value={done} />
            {upload.lastError ? <p className="mt-0.5 text-red-700">{upload.lastError}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
