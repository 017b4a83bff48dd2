import { MAX_FILE_BYTES, MAX_FILES_AT_ONCE } from '@contract/limits';
import type { Locale } from '@contract/locales';
import type { FileRef } from '@contract/schemas/common';
import { kindProblem, type UploadRule } from '@contract/upload-rules';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { downloadFile, uploadFile } from '@/api/file';
import { formatList, formatNumber } from './format';
import { message } from '@/locales/wire';
import { sniffFile } from './sniff-file';
import { toast } from './toast';
import { FieldError, FieldHint } from './field';

export interface FileUploadProps {
  id: string;
  label: ReactNode;
  value: FileRef[];
  onChange: (files: FileRef[]) => void;
  /** Files kept in total; 1 by default (a new choice then replaces the file). */
  maxFiles?: number;
  accept?: string;
  /**
   * The field's rule of contract/upload-rules.ts: its `accept`, and the kinds a file's content
   * must be (refused with its `wrongKind` message before anything is uploaded).
   */
  rule?: UploadRule;
  /** Allowed extensions with the dot, e.g. ['.xls', '.xlsx']; any when omitted. */
  extensions?: readonly string[];
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  hint?: ReactNode;
}

interface Pending {
  key: number;
  file: File;
  status: 'uploading' | 'failed';
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
};

/** A file's size in B, KB or MB (one decimal), written as the interface language writes numbers. */
export function formatBytes(bytes: number, locale: Locale = i18n.locale as Locale): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale, 0)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, locale, 1, 1)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, locale, 1, 1)} MB`;
}

let nextKey = 1;

/**
 * Chooses and uploads files one by one with a status each, then lists them with download
 * and remove. Refuses (with a toast) files over 50 MB, more than 20 at once or than
 * `maxFiles` in total, and extensions not in `extensions` (SPEC.md sections 5 and 8).
 */
export function FileUpload({
  id,
  label,
  value,
  onChange,
  maxFiles = 1,
  accept,
  rule,
  extensions,
  required,
  disabled,
  error,
  hint,
}: FileUploadProps) {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState<Pending[]>([]);
  // Several uploads may finish before a re-render: each builds on the list the last one handed
  // over (set in the handlers), and a new list from the parent replaces it once committed.
  const valueRef = useRef(value);
  useLayoutEffect(() => {
    valueRef.current = value;
  }, [value]);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const active = controllers.current;
    return () => active.forEach((c) => c.abort());
  }, []);

  const upload = async (item: Pending) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    setPending((list) => list.map((p) => (p.key === item.key ? { ...p, status: 'uploading' } : p)));
    try {
      const ref = await uploadFile(item.file, { signal: controller.signal });
      const next = maxFiles === 1 ? [ref] : [...valueRef.current, ref];
      valueRef.current = next;
      onChange(next);
      setPending((list) => list.filter((p) => p.key !== item.key));
    } catch {
      if (controller.signal.aborted) return;
      setPending((list) => list.map((p) => (p.key === item.key ? { ...p, status: 'failed' } : p)));
    } finally {
      controllers.current.delete(controller);
    }
  };

  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > MAX_FILES_AT_ONCE) {
      toast.error(t`一次最多选择 ${MAX_FILES_AT_ONCE} 个文件`);
      return;
    }
    const replacing = maxFiles === 1 && chosen.length === 1;
    const kept = replacing ? 0 : value.length + pending.length;
    if (kept + chosen.length > maxFiles) {
      toast.error(maxFiles === 1 ? t`只能上传 1 个文件` : t`最多只能上传 ${maxFiles} 个文件`);
      return;
    }
    const accepted: File[] = [];
    for (const file of chosen) {
      const name = file.name;
      if (extensions && extensions.length > 0 && !extensions.map((e) => e.toLowerCase()).includes(extensionOf(name))) {
        const allowed = formatList(extensions, i18n.locale as Locale, 'disjunction');
        toast.error(t`文件“${name}”的格式不正确，只能上传 ${allowed} 文件`);
      } else if (file.size > MAX_FILE_BYTES) {
        toast.error(t`文件“${name}”超过 50MB，无法上传`);
      } else {
        // Only fields limited to some kinds pay for reading the file's bytes.
        const problem = rule?.kinds ? kindProblem(rule, await sniffFile(file)) : null;
        if (problem) {
          const reason = message(problem, i18n.locale as Locale);
          toast.error(t`文件“${name}”无法上传：${reason}`);
        } else accepted.push(file);
      }
    }
    if (accepted.length === 0) return;
    const items = accepted.map((file) => ({ key: nextKey++, file, status: 'uploading' as const }));
    setPending((list) => (replacing ? items : [...list, ...items]));
    for (const item of items) void upload(item);
  };

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    valueRef.current = next;
    onChange(next);
  };

  const full = maxFiles !== 1 && value.length + pending.length >= maxFiles;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const acceptAttr = accept ?? (rule?.accept || extensions?.join(','));

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
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          className="peer sr-only"
          multiple={maxFiles > 1}
          accept={acceptAttr}
          disabled={disabled || full}
          required={required && value.length === 0}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            void choose(Array.from(e.target.files ?? []));
            // Choosing the same file again must fire change again.
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-button`}
          className={`btn btn-secondary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${disabled || full ? 'pointer-events-none opacity-55' : ''}`}
        >
          <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M9.25 13.25a.75.75 0 0 0 1.5 0V4.64l2.97 3.1a.75.75 0 0 0 1.08-1.04l-4.25-4.45a.75.75 0 0 0-1.08 0L5.2 6.7a.75.75 0 1 0 1.08 1.04l2.97-3.1v8.61Z" />
            <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
          </svg>
          {value.length > 0 && maxFiles === 1 ? <Trans>重新选择</Trans> : <Trans>选择文件</Trans>}
        </label>
        <span className="text-xs text-slate-500">
          {extensions?.length ? (
            <Trans>支持 {formatList(extensions, i18n.locale as Locale, 'disjunction')}，单个文件不超过 50MB</Trans>
          ) : (
            <Trans>单个文件不超过 50MB</Trans>
          )}
        </span>
      </div>
      <FieldHint id={id} hint={hint} />
      {value.length > 0 || pending.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" aria-label={t`已选文件`}>
          {value.map((file, index) => (
            <li key={`${file.path}-${index}`} className="flex items-center gap-3 px-3 py-2">
              <button
                type="button"
                className="link min-w-0 flex-1 truncate text-left"
                onClick={() => void downloadFile(file.path, file.name)}
                title={t`下载 ${file.name}`}
              >
                {file.name}
              </button>
              {disabled ? null : (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-red-700 hover:bg-red-50"
                  aria-label={t`移除 ${file.name}`}
                  onClick={() => remove(index)}
                >
                  <Trans>移除</Trans>
                </button>
              )}
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.key} className="flex items-center gap-3 px-3 py-2">
              <span className="min-w-0 flex-1 truncate text-slate-700">{item.file.name}</span>
              <span className="text-xs text-slate-500 tabular-nums">{formatBytes(item.file.size)}</span>
              {item.status === 'uploading' ? (
                <span role="status" className="inline-flex items-center gap-1.5 text-xs text-slate-600">
                  <span className="size-3.5 animate-spin rounded-full border-2 border-brand-600 border-r-transparent" aria-hidden="true" />
                  <Trans>上传中</Trans>
                </span>
              ) : (
                <>
                  <span className="badge badge-red">
                    <Trans>上传失败</Trans>
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => void upload(item)}
                    aria-label={t`重试上传 ${item.file.name}`}
                  >
                    <Trans>重试</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-red-700 hover:bg-red-50"
                    aria-label={t`移除 ${item.file.name}`}
                    onClick={() => setPending((list) => list.filter((p) => p.key !== item.key))}
                  >
                    <Trans>移除</Trans>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
