import { MAX_FILE_BYTES, MAX_FILES_AT_ONCE } from '@contract/limits';
import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { kindProblem, type UploadRule } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { assertRoomFor, StorageFullError } from '@/offline/storage';
import { FieldError, FieldHint } from './field';
import { formatBytes } from './file-upload';
import { sniffFile } from './sniff-file';

export interface AttachmentPickerProps {
  id: string;
  label: ReactNode;
  /** Local files; nothing is uploaded here: the outbox stores and sends them with the entry. */
  value: File[];
  onChange: (files: File[]) => void;
  /**
   * The field's rule of contract/upload-rules.ts: its `accept`, its most files (refused with its
   * `tooMany` message) and the kinds its content must be (refused with its `wrongKind` message).
   */
  rule?: UploadRule;
  /** Files kept in total (the rule's max, else 20: the most one call may carry). */
  maxFiles?: number;
  /** Adds a "拍照" button that opens the rear camera (the normal chooser stays: capture hides the gallery on some phones). */
  camera?: boolean;
  /** Runs on each accepted file before it is kept (e.g. compressing a photo); a failure keeps the original. */
  transform?: (file: File) => Promise<File>;
  /** Text of the choose button ("添加附件" by default). */
  chooseLabel?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  hint?: ReactNode;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Chooses files to send later (through the outbox), lists them with remove. Refuses in place,
 * with a message read out: more than 20 at once or more than the field takes, a file over 50 MB
 * (SPEC.md sections 5 and 8), a file whose content is not of the field's kinds (a PDF renamed
 * .xlsx), and files the device has no room to keep until they are sent.
 */
export function AttachmentPicker(props: AttachmentPickerProps) {
  const { id, label, value, onChange, rule, camera, transform, chooseLabel, required, disabled, error, hint } = props;
  const maxFiles = props.maxFiles ?? rule?.max ?? MAX_FILES_AT_ONCE;
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  // Two quick choices must both build on the latest list (set in the handlers), not on the
  // rendered prop; a new list from the parent replaces it once committed.
  const valueRef = useRef(value);
  useLayoutEffect(() => {
    valueRef.current = value;
  }, [value]);

  const tooMany = () => (rule ? message(rule.tooMany, locale) : t`最多只能添加 ${maxFiles} 个附件`);

  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > MAX_FILES_AT_ONCE) {
      setProblems([t`一次最多选择 ${MAX_FILES_AT_ONCE} 个文件`]);
      return;
    }
    const found: string[] = [];
    setChecking(true);
    try {
      const fresh = chosen.filter((file) => !valueRef.current.some((kept) => sameFile(kept, file)));
      let accepted: File[] = [];
      for (const file of fresh) {
        const name = file.name;
        if (file.size > MAX_FILE_BYTES) {
          found.push(t`文件“${name}”超过 50MB，无法添加`);
          continue;
        }
        // Only fields limited to some kinds pay for reading the file's bytes.
        const problem = rule?.kinds ? kindProblem(rule, await sniffFile(file)) : null;
        if (problem) {
          const reason = message(problem, locale);
          found.push(t`文件“${name}”无法添加：${reason}`);
          continue;
        }
        accepted.push(file);
      }
      // A field that takes one file refuses a second rather than silently replacing the first.
      if (valueRef.current.length + accepted.length > maxFiles) {
        setProblems([...found, tooMany()]);
        return;
      }
      if (accepted.length > 0 && transform) accepted = await Promise.all(accepted.map((file) => transform(file).catch(() => file)));
      if (accepted.length > 0) {
        const bytes = [...valueRef.current, ...accepted].reduce((sum, file) => sum + file.size, 0);
        try {
          await assertRoomFor(bytes);
          const next = [...valueRef.current, ...accepted];
          valueRef.current = next;
          onChange(next);
        } catch (e) {
          if (!(e instanceof StorageFullError)) throw e;
          found.push(t`设备存储空间不足，无法保存这些附件。请删除部分文件或释放空间后重试。`);
        }
      }
      setProblems(found);
    } finally {
      setChecking(false);
    }
  };

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    valueRef.current = next;
    onChange(next);
    setProblems([]);
  };

  // Without a rule a full list disables the chooser; with one the chooser stays, so a second
  // bill of materials is told why it cannot be added instead of meeting a dead button.
  const full = !rule && value.length >= maxFiles;
  const off = Boolean(disabled || full || checking);
  const describedBy = [`${id}-limits`, hint ? `${id}-hint` : '', error ? `${id}-error` : '', problems.length ? `${id}-problems` : '']
    .filter(Boolean)
    .join(' ');
  const total = value.reduce((sum, file) => sum + file.size, 0);
  const buttonClass = `btn btn-secondary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${off ? 'pointer-events-none opacity-55' : ''}`;
  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    void choose(Array.from(e.target.files ?? []));
    // Choosing the same file again must fire change again.
    e.target.value = '';
  };
  const common = {
    type: 'file',
    className: 'peer sr-only',
    disabled: off,
    'aria-describedby': describedBy,
    'aria-invalid': error || problems.length ? true : undefined,
    onChange: onInput,
  } as const;

  return (
    <div>
      <span className="label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="inline-flex">
          <input
            id={id}
            {...common}
            multiple={maxFiles > 1}
            accept={rule?.accept || undefined}
            aria-labelledby={`${id}-label ${id}-button`}
          />
          <label htmlFor={id} id={`${id}-button`} className={buttonClass}>
            <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M15.62 4.38a3.25 3.25 0 0 0-4.6 0l-6.5 6.5a4.75 4.75 0 0 0 6.72 6.72l5.3-5.3a.75.75 0 1 0-1.06-1.06l-5.3 5.3a3.25 3.25 0 0 1-4.6-4.6l6.5-6.5a1.75 1.75 0 1 1 2.48 2.48l-6.5 6.5a.25.25 0 0 1-.36-.36l5.3-5.3a.75.75 0 0 0-1.06-1.06l-5.3 5.3a1.75 1.75 0 0 0 2.48 2.48l6.5-6.5a3.25 3.25 0 0 0 0-4.6Z" />
            </svg>
            {chooseLabel ?? <Trans>添加附件</Trans>}
          </label>
        </span>
        {camera ? (
          <span className="inline-flex">
            <input
              id={`${id}-camera`}
              {...common}
              accept="image/*"
              capture="environment"
              aria-labelledby={`${id}-label ${id}-camera-button`}
            />
            <label htmlFor={`${id}-camera`} id={`${id}-camera-button`} className={buttonClass}>
              <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M10 8a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z" />
                <path
                  fillRule="evenodd"
                  d="M4.5 5a2.5 2.5 0 0 0-2.5 2.5v7A2.5 2.5 0 0 0 4.5 17h11a2.5 2.5 0 0 0 2.5-2.5v-7A2.5 2.5 0 0 0 15.5 5h-1.38l-.9-1.35A1.5 1.5 0 0 0 11.98 3H8.02a1.5 1.5 0 0 0-1.24.65L5.88 5H4.5ZM10 6.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z"
                  clipRule="evenodd"
                />
              </svg>
              <Trans>拍照</Trans>
            </label>
          </span>
        ) : null}
        <span id={`${id}-limits`} className="text-xs text-slate-500">
          {maxFiles === 1 ? <Trans>单个文件不超过 50MB，限 1 个</Trans> : <Trans>单个文件不超过 50MB，最多 {maxFiles} 个</Trans>}
        </span>
        {checking ? (
          <span role="status" className="text-xs text-slate-500">
            <Trans>正在检查文件…</Trans>
          </span>
        ) : null}
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
                <button
                  type="button"
                  className="btn btn-ghost btn-sm shrink-0 text-red-700 hover:bg-red-50"
                  aria-label={t`移除 ${file.name}`}
                  onClick={() => remove(index)}
                >
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
