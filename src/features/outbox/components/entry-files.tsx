import type { Locale } from '@contract/locales';
import type { OutboxEntry, UploadRecord } from '@/offline/db';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { readStoredFile } from '@/offline/outbox';
import { BlobDownloadButton } from '@/ui/blob-download-button';
import { formatNumber } from '@/ui/format';
import { FileDownloadButton } from '@/ui/file-download-button';
import { ProgressBar } from '@/ui/progress-bar';

const mb = (bytes: number, locale: Locale) => formatNumber(bytes / 1024 / 1024, locale, 1, 1);

/**
 * "Never lost, and the supplier can still get back what it wrote": a file still on the device
 * downloads from its stored chunks; once uploaded (chunks freed), from its FileRef.
 */
function FileDownload({ upload }: { upload: UploadRecord }) {
  const { t } = useLingui();
  if (upload.fileRef) return <FileDownloadButton file={{ ...upload.fileRef, name: upload.name }} className="min-w-0 font-medium" />;
  return (
    <BlobDownloadButton
      name={upload.name}
      load={() => readStoredFile(upload.id)}
      missingText={t`附件已不在本设备上`}
      className="min-w-0 font-medium"
    />
  );
}

/** One file: download, and what the bid service has acknowledged of it. */
function FileRow({ upload }: { upload: UploadRecord }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const done = upload.status === 'done' ? upload.size : upload.uploadedBytes;
  const sent = mb(done, locale);
  const total = mb(upload.size, locale);
  const name = upload.name;
  return (
    <li className="text-xs text-slate-600">
      <div className="flex items-baseline justify-between gap-3">
        <FileDownload upload={upload} />
        <span className="shrink-0 tabular-nums">
          {upload.status === 'done' ? t`已上传` : upload.status === 'failed' ? t`上传失败` : t`${sent} / ${total} MB`}
        </span>
      </div>
      <ProgressBar className="mt-1" max={upload.size} value={done} label={t`${name} 上传进度`} />
      {upload.lastError ? <p className="mt-0.5 text-red-700">{upload.lastError}</p> : null}
    </li>
  );
}

/**
 * An entry's files by named field, in the order they were given. With more than one field
 * holding files, each group is headed by the field's label (as the writing screen named it),
 * else by its payload path.
 */
export function EntryFiles({ entry, uploads }: { entry: OutboxEntry; uploads: UploadRecord[] }) {
  const { t } = useLingui();
  const base = useId();
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));
  const groups = entry.fileFields
    .map((field) => ({
      ...field,
      files: field.uploadIds.map((id) => byId.get(id)).filter((upload): upload is UploadRecord => upload !== undefined),
    }))
    .filter((group) => group.files.length > 0);
  if (groups.length === 0) return null;
  if (groups.length === 1) {
    return (
      <ul className="mt-3 space-y-2" aria-label={t`附件上传进度`}>
        {groups[0]!.files.map((upload) => (
          <FileRow key={upload.id} upload={upload} />
        ))}
      </ul>
    );
  }
  return (
    <div className="mt-3 space-y-3">
      {groups.map((group, i) => {
        const headingId = `${base}-${i}`;
        return (
          <div key={headingId}>
            <h3 id={headingId} className="text-xs font-semibold text-slate-700">
              {group.label || group.field}
            </h3>
            <ul className="mt-1 space-y-2" aria-labelledby={headingId}>
              {group.files.map((upload) => (
                <FileRow key={upload.id} upload={upload} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
