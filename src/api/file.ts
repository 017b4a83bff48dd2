import { calls } from '@contract/calls';
import type { FileRef } from '@contract/schemas/common';
import { uploadedFileText } from '@contract/schemas/file';
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { apiEffects } from './effects';
import { ApiError, isApiError } from './errors';
import { request } from './request';

/** Reads `data.filename` of an upload answer: a JSON text with either naming (SPEC.md section 7). */
export function parseUploadedFile(filename: string, fallbackName: string): FileRef {
  let raw: unknown;
  try {
    raw = JSON.parse(filename);
  } catch {
    raw = null;
  }
  const parsed = uploadedFileText.safeParse(raw);
  const url = parsed.success ? (parsed.data.fileUrl ?? parsed.data.baseFileUrl) : undefined;
  const path = parsed.success ? (parsed.data.path ?? parsed.data.basePath) : undefined;
  if (!parsed.success || (!url && !path)) throw new ApiError('business', i18n._(msg`上传结果无法识别，请重试`), { data: filename });
  return { name: parsed.data.name || fallbackName, url: url ?? '', path: path ?? url ?? '' };
}

/** Uploads one file (multipart field `file`) and answers the stored file's reference. */
export async function uploadFile(file: File, opts: { signal?: AbortSignal } = {}): Promise<FileRef> {
  const form = new FormData();
  form.append('file', file, file.name);
  const data = await request(calls.fileUpload, form, { signal: opts.signal });
  return parseUploadedFile(data.filename, file.name);
}

/** Any realm's Blob (tests run Node's fetch next to jsdom's Blob). */
const isBlob = (value: unknown): value is Blob => Object.prototype.toString.call(value) === '[object Blob]';

/** Saves bytes the page holds under a file name: a temporary object URL on an `<a download>`, revoked after. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves a stored file under its name. */
export async function downloadFile(filePath: string, fileName: string): Promise<void> {
  try {
    const blob = await request(calls.fileDownload, { filePath }, { suppressError: true });
    if (!isBlob(blob)) throw new ApiError('business', 'download failed: not a file');
    saveBlob(blob, fileName);
  } catch (error) {
    console.error('download failed', error);
    // Network failures and a lost token were already reported by `request`.
    if (isApiError(error) && (error.kind === 'network' || error.kind === 'tokenLost' || error.kind === 'unauthorized')) return;
    const reason = isApiError(error) && error.kind === 'business' && error.code ? error.message : '';
    const text = reason ? i18n._(msg`文件下载失败：${reason}`) : i18n._(msg`文件下载失败`);
    apiEffects().businessError(text, isApiError(error) ? error.code : '');
  }
}
