import { UPLOAD_RULES } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { DateTime } from '@/ui/date-time';
import { FieldError } from '@/ui/field';
import { FileDownloadButton } from '@/ui/file-download-button';
import { formatBytes } from '@/ui/file-upload';
import { visitFieldId } from '../form/visit-errors';
import { emptyTypedFile, type TypedFileValues } from '../form/visit-values';
import { DictionaryField } from './choice-fields';
import { FormSection } from './form-section';

interface VisitFilesSectionProps {
  rows: TypedFileValues[];
  errors: Record<string, string>;
  disabled: boolean;
  /** Who uploads what is chosen here (the logged-in account). */
  uploader: string;
  onChange: (rows: TypedFileValues[]) => void;
}

/** Typed files (SPEC.md section 3: type, size, uploader, time): each row one file and its type, at most 20. */
export function VisitFilesSection({ rows, errors, disabled, uploader, onChange }: VisitFilesSectionProps) {
  const { t } = useLingui();
  const max = UPLOAD_RULES.visitFiles.max;
  const patch = (index: number, change: Partial<TypedFileValues>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const add = () => {
    const row = emptyTypedFile();
    onChange([...rows, row]);
    // The new row's type is the first thing to choose.
    requestAnimationFrame(() => document.getElementById(visitFieldId(`files.${rows.length}.type`))?.focus());
  };

  return (
    <FormSection id="visit-section-files" title={t`文件`} description={t`每个文件须选择文件类型；单个文件不超过 50MB，最多 ${max} 个。`}>
      <FieldError id={visitFieldId('files')} error={errors.files} />
      {rows.length > 0 ? (
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={row.key} className="rounded-lg border border-slate-200 p-4">
                <div className="grid grid-cols-1 gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
                  <DictionaryField
                    type="visitFileType"
                    path={`files.${index}.type`}
                    label={t`文件 ${n} 的类型`}
                    required
                    value={row.type}
                    onChange={(type) => patch(index, { type })}
                    error={errors[`files.${index}.type`]}
                    disabled={disabled}
                  />
                  {row.kept ? (
                    <div>
                      <span className="label">
                        <Trans>文件 {n}</Trans>
                      </span>
                      <FileDownloadButton file={row.kept} />
                      {row.kept.uploadedAt ? (
                        <p className="mt-1 text-xs text-slate-500">
                          {formatBytes(row.kept.size ?? 0)} · {row.kept.uploader} · <DateTime value={row.kept.uploadedAt} />
                        </p>
                      ) : null}
                    </div>
                  ) : (
                    <div>
                      <AttachmentPicker
                        id={visitFieldId(`files.${index}.file`)}
                        label={t`文件 ${n}`}
                        value={row.file ? [row.file] : []}
                        onChange={(files) => patch(index, { file: files[0] ?? null })}
                        rule={UPLOAD_RULES.visitFiles}
                        maxFiles={1}
                        chooseLabel={<Trans>选择文件</Trans>}
                        required
                        error={errors[`files.${index}.file`]}
                        disabled={disabled}
                      />
                      {row.file ? (
                        <p className="mt-1 text-xs text-slate-500">
                          <Trans>上传人：{uploader} · 提交后上传</Trans>
                        </p>
                      ) : null}
                    </div>
                  )}
                </div>
                <div className="mt-3 flex justify-end border-t border-slate-100 pt-3">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-red-700 hover:bg-red-50"
                    disabled={disabled}
                    aria-label={t`删除文件 ${n}`}
                    onClick={() => {
                      onChange(rows.filter((_, i) => i !== index));
                      requestAnimationFrame(() => document.getElementById('visit-files-add')?.focus());
                    }}
                  >
                    <Trans>删除</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">
          <Trans>暂无文件。</Trans>
        </p>
      )}
      <button
        id="visit-files-add"
        type="button"
        className="btn btn-secondary w-full sm:w-auto"
        onClick={add}
        disabled={disabled || rows.length >= max}
      >
        <Trans>添加文件</Trans>
      </button>
    </FormSection>
  );
}
