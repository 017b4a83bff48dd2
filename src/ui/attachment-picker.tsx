import { MAX_FILE_BYTES, MAX_FILES_AT_ONCE } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { assertRoomFor, StorageFullError } from '@/offline/storage';
import { FieldError, FieldHint } from './field';
import { formatBytes } from './file-upload';

export interface AttachmentPickerProps {
  id: string;
  label: ReactNode;
  /** Local files; nothing is uploaded here: the outbox stores and sends them with the entry. */
  value: File[];
  onChange: (files: File[]) => void;
  /** Files kept in total (20 by default, the most one call may carry). */
  maxFiles?: number;
  disabled?: boolean;
  error?: string | null;
  hint?: ReactNode;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Chooses files to send later (through the outbox), lists them with remove. Refuses in place,
 * with a message read out: more than 20 at once or in total, a file over 50 MB (SPEC.md
 * sections 5 and 8), and files the device has no room to keep until they are sent.
 */
export function AttachmentPicker({ id, label, value, onChange, maxFiles = MAX_FILES_AT_ONCE, disabled, error, hint }: AttachmentPickerProps) {
  const { t } = useLingui();
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  // Two quick choices must both build on the latest list, not on the rendered prop.
  const valueRef = useRef(value);
  valueRef.current = value;

  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > MAX_FILES_AT_ONCE) {
      setProblems([t`一次最多选择 ${MAX_FILES_AT_ONCE} 个文件`]);
      return;
    }
    const found: string[] = [];
    const fresh = chosen.filter((file) => !valueRef.current.some((kept) => sameFile(kept, file)));
    const accepted = fresh.filter((file) => {
      const name = file.name;
      if (file.size <= MAX_FILE_BYTES) return true;
      found.push(t`文件“${name}”超过 50MB，无法添加`);
      return false;
    });
    if (valueRef.current.length + accepted.length > maxFiles) {
      setProblems([...found, t`最多只能添加 ${maxFiles} 个附件`]);
      return;
    }
    if (accepted.length > 0) {
      const bytes = [...valueRef.current, ...accepted].reduce((sum, file) => sum + file.size, 0);
      setChecking(true);
      try {
        await assertRoomFor(bytes);
        const next = [...valueRef.current, ...accepted];
        valueRef.current = next;
        onChange(next);
      } catch (e) {
        if (!(e instanceof StorageFullError)) throw e;
        found.push(t`设备存储空间不足，无法保存这些附件。请删除部分文件或释放空间后重试。`);
      } finally {
        setChecking(false);
      }
    }
    setProblems(found);
  };

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    valueRef.current = next;
    onChange(next);
    setProblems([]);
  };

  const full = value.length >= maxFiles;
  const describedBy = [`${id}-limits`, hint ? `${id}-hint` : '', error ? `${id}-error` : '', problems.length ? `${id}-problems` : ''].filter(Boolean).join(' ');
  const total = value.reduce((sum, file) => sum + file.size, 0);

  return (
    <div>
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input
          id={id}
          type="file"
          multiple
          className="peer sr-only"
          disabled={disabled || full || checking}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={describedBy}
          aria-invalid={error || problems.length ? true : undefined}
          onChange={(e) => {
            void choose(Array.from(e.target.files ?? []));
            // Choosing the same file again must fire change again.
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-button`}
          className={`btn btn-secondary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${disabled || full || checking ? 'pointer-events-none opacity-55' : ''}`}
        >
          <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M15.62 4.38a3.25 3.25 0 0 0-4.6 0l-6.5 6.5a4.75 4.75 0 0 0 6.72 6.72l5.3-5.3a.75.75 0 1 0-1.06-1.06l-5.3 5.3a3.25 3.25 0 0 1-4.6-4.6l6.5-6.5a1.75 1.75 0 1 1 2.48 2.48l-6.5 6.5a.25.25 0 0 1-.36-.36l5.3-5.3a.75.75 0 0 0-1.06-1.06l-5.3 5.3a1.75 1.75 0 0 0 2.48 2.48l6.5-6.5a3.25 3.25 0 0 0 0-4.6Z" />
          </svg>
          <Trans>添加附件</Trans>
        </label>
        <span id={`${id}-limits`} className="text-xs text-slate-500">
          <Trans>单个文件不超过 50MB，最多 {maxFiles} 个</Trans>
        </span>
      </div>
      <FieldHint id={id} hint={hint} />
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} role="alert" className="field-error space-y-0.5">
          {problems.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      ) : null}
      {value.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" aria-label={t`已选附件`}>
          {value.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex items-center gap-3 px-3 py-2">
              <span className="min-w-0 flex-1 truncate text-slate-800" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-xs text-slate-500 tabular-nums">{formatBytes(file.size)}</span>
              {disabled ? null : (
                <button type="button" className="btn btn-ghost btn-sm shrink-0 text-red-700 hover:bg-red-50" aria-label={t`移除 ${file.name}`} onClick={() => remove(index)}>
                  <Trans>移除</Trans>
                </button>
              )}
            </li>
          ))}
          {value.length > 1 ? (
            <li className="px-3 py-2 text-xs text-slate-500">
              <Trans>
                共 {value.length} 个，{formatBytes(total)}
              </Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
