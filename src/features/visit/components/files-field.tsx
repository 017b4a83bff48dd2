import type { UploadRule } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { FileDownloadButton } from '@/ui/file-download-button';
import type { FilesValue } from '../form/visit-values';
import { visitFieldId } from '../form/visit-errors';

interface FilesFieldProps {
  path: string;
  label: ReactNode;
  value: FilesValue;
  onChange: (value: FilesValue) => void;
  rule: UploadRule;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}

/**
 * A file field of the application: files chosen here (kept on the device until the outbox sends
 * them) and, on a copy, the stored files of the returned application, each removable.
 */
export function FilesField({ path, label, value, onChange, rule, required, error, disabled }: FilesFieldProps) {
  const { t } = useLingui();
  const id = visitFieldId(path);
  return (
    <div>
      <AttachmentPicker
        id={id}
        label={label}
        value={value.files}
        onChange={(files) => onChange({ ...value, files })}
        rule={rule}
        maxFiles={Math.max(0, rule.max - value.kept.length)}
        required={required}
        error={error}
        disabled={disabled}
      />
      {value.kept.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" aria-label={t`原申请中的文件`}>
          {value.kept.map((ref) => (
            <li key={ref.path} className="flex items-center gap-3 px-3 py-2">
              <span className="min-w-0 flex-1 truncate">
                <FileDownloadButton file={ref} />
              </span>
              <span className="shrink-0 text-xs text-slate-500">
                <Trans>原申请</Trans>
              </span>
              {disabled ? null : (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm shrink-0 text-red-700 hover:bg-red-50"
                  aria-label={t`移除 ${ref.name}`}
                  onClick={() => onChange({ ...value, kept: value.kept.filter((k) => k.path !== ref.path) })}
                >
                  <Trans>移除</Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
