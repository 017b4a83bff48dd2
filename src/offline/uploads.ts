import { calls } from '@contract/calls';
import type { FileRef } from '@contract/schemas/common';
import { HEADER, TUS_CHUNK_BYTES, TUS_PATH } from '@contract/http';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Upload, type DetailedError } from 'tus-js-client';
import { isApiError } from '@/api/errors';
import { parseUploadedFile } from '@/api/file';
import { getLanguage } from '@/api/language';
import { API_BASE_URL, request } from '@/api/request';
import { getSupplierId, getToken } from '@/api/session';
import { supplierOwner, type UploadRecord } from './db';
import { emitChange } from './events';
import { sha256OfBlob } from './file-digest';
import { getUpload, patchUpload, readChunks } from './outbox-store';

/**
 * Resumable uploads (tus) of the files an outbox entry carries. The upload URL and the
 * acknowledged offset are kept in the upload record, so a drop, a reload or a browser restart
 * resumes from the last acknowledged byte. The sync engine owns the retries and their backoff.
 */

/**
 * Why an upload stopped; `retryable` tells the sync engine whether a later attempt can help, and
 * `needsLogin` that the upload waits for its owner's session (the entry pauses, as on E401).
 */
export class UploadFailure extends Error {
  readonly retryable: boolean;
  readonly code: string;
  readonly needsLogin: boolean;
  constructor(message: string, init: { retryable: boolean; code: string; needsLogin?: boolean }) {
    super(message);
    this.name = 'UploadFailure';
    this.retryable = init.retryable;
    this.code = init.code;
    this.needsLogin = init.needsLogin ?? false;
  }
}

/** A few quick retries inside one attempt smooth a flaky link; longer waits are the engine's backoff. */
const QUICK_RETRY_DELAYS = [500, 2000];

const tusEndpoint = () => new URL(`${API_BASE_URL}${TUS_PATH}`, globalThis.location?.href).href;

/** The tus id is the last segment of the upload URL; /file/tusComplete takes it. */
export const uploadIdOf = (tusUrl: string) => new URL(tusUrl).pathname.split('/').filter(Boolean).pop() ?? '';

/** The session to send a supplier's file with: only its owner's, never another supplier's logged in since. */
function ownerSession(record: UploadRecord): { token: string; supplierId: string } | null {
  const token = getToken();
  const supplierId = getSupplierId();
  return token && supplierId && record.owner === supplierOwner(supplierId) ? { token, supplierId } : null;
}

const isSupplierFile = (record: UploadRecord) => record.owner.startsWith('supplier:');

/** A supplier's file belongs to the supplier (its token sent); a visitor's travels anonymously. Read at send time, never stored. */
function headersFor(record: UploadRecord): Record<string, string> {
  const headers: Record<string, string> = { [HEADER.language]: getLanguage() };
  const session = isSupplierFile(record) ? ownerSession(record) : null;
  if (session) {
    headers[HEADER.token] = session.token;
    headers[HEADER.supplierId] = session.supplierId;
  }
  return headers;
}

/** The owner's session ended (revoked, expired, another supplier logged in): the upload waits for the owner. */
const needsLogin = () => new UploadFailure(i18n._(msg`登录已失效`), { retryable: false, code: 'E401', needsLogin: true });

function statusOf(error: Error): number {
  return (error as DetailedError).originalResponse?.getStatus() ?? 0;
}

function failureOf(error: Error): UploadFailure {
  const status = statusOf(error);
  if (status === 401) return needsLogin();
  if (status === 413) return new UploadFailure(i18n._(msg`文件过大，无法上传`), { retryable: false, code: 'E413' });
  const permanent = status >= 400 && status < 500 && ![408, 409, 423, 429].includes(status);
  const text = permanent ? i18n._(msg`文件上传被拒绝（HTTP ${status}）`) : i18n._(msg`文件上传中断，稍后自动继续`);
  return new UploadFailure(text, { retryable: !permanent, code: status ? `HTTP ${status}` : 'network' });
}

async function save(id: string, change: Partial<UploadRecord>): Promise<void> {
  await patchUpload(id, (upload) => ({ ...upload, ...change }));
  emitChange();
}

/** Sends the stored bytes by tus, from `record.tusUrl` when there is one. Answers the tus URL. */
function transfer(record: UploadRecord, file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    let url = record.tusUrl;
    const upload = new Upload(file, {
      endpoint: tusEndpoint(),
      uploadUrl: record.tusUrl,
      chunkSize: TUS_CHUNK_BYTES,
      uploadSize: record.size,
      retryDelays: QUICK_RETRY_DELAYS,
      // The URL lives in the upload record, not in localStorage under a fingerprint.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      metadata: { filename: record.name, filetype: record.type },
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(headersFor(record))) req.setHeader(name, value);
      },
      onShouldRetry: (error) => {
        const status = statusOf(error);
        return status === 0 || status >= 500 || [408, 409, 423, 429].includes(status);
      },
      onUploadUrlAvailable: () => {
        // A new URL (a first start, or a restart after the old one expired) starts from byte 0.
        const fresh = upload.url !== url;
        url = upload.url;
        void save(record.id, fresh ? { tusUrl: url, uploadedBytes: 0 } : { tusUrl: url });
      },
      onChunkComplete: (_chunk, accepted) => void save(record.id, { uploadedBytes: accepted }),
      onSuccess: () => resolve(upload.url ?? url ?? ''),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}

/** The upload's bytes as stored on this device; a file that lost bytes here is gone for good. */
async function storedFile(record: UploadRecord): Promise<Blob> {
  const file = new Blob(await readChunks(record.id), { type: record.type });
  if (file.size !== record.size) throw new UploadFailure(i18n._(msg`附件已不在本设备上`), { retryable: false, code: 'missing' });
  return file;
}

/** Finishes (or resumes) one upload and answers the stored file's reference. */
export async function uploadFile(uploadId: string): Promise<FileRef> {
  const record = await getUpload(uploadId);
  if (!record) throw new UploadFailure(i18n._(msg`附件已不在本设备上`), { retryable: false, code: 'missing' });
  if (record.fileRef) return record.fileRef;

  let tusUrl = record.tusUrl;
  let digest = record.sha256;
  if (!tusUrl || record.uploadedBytes < record.size || record.status !== 'done') {
    const file = await storedFile(record);
    // Nothing of a supplier's file goes out without its owner's session.
    if (isSupplierFile(record) && !ownerSession(record)) throw needsLogin();
    await save(uploadId, { status: 'uploading', lastError: null });
    try {
      // The bytes are hashed while they go out, once: the digest is kept with the record.
      [tusUrl, digest] = await Promise.all([transfer(record, file), digest ?? sha256OfBlob(file)]);
    } catch (error) {
      const failure = error instanceof UploadFailure ? error : failureOf(error as Error);
      // An upload the bid service forgot (expired, 404/410 on PATCH): start it over next time.
      const gone = [404, 410].includes(statusOf(error as Error));
      await save(uploadId, {
        status: failure.retryable || failure.needsLogin || gone ? 'queued' : 'failed',
        lastError: failure.message,
        ...(gone ? { tusUrl: null, uploadedBytes: 0 } : {}),
      });
      throw gone ? new UploadFailure(failure.message, { retryable: true, code: failure.code }) : failure;
    }
    await save(uploadId, { tusUrl, uploadedBytes: record.size, status: 'done', sha256: digest });
  }
  digest ??= await sha256OfBlob(await storedFile(record));

  const data = await request(
    calls.fileTusComplete,
    { uploadId: uploadIdOf(tusUrl), sha256: digest },
    { background: true, suppressError: true },
  ).catch(async (error: unknown) => {
    // The bytes the bid service holds differ from these (damaged on the way): it dropped them,
    // and the next attempt sends the file again from its first byte.
    if (!isApiError(error) || error.reason !== 'fileDigestMismatch') throw error;
    await save(uploadId, { tusUrl: null, uploadedBytes: 0, status: 'queued', lastError: error.message });
    throw new UploadFailure(error.message, { retryable: true, code: error.code });
  });
  const fileRef = parseUploadedFile(data.filename, record.name);
  // The bytes stay on the device until the entry is sent: if the bid service refuses the entry,
  // it is mended in its form with these very files (src/offline/outbox.ts, entryFiles).
  await save(uploadId, { fileRef, status: 'done', lastError: null });
  return fileRef;
}
