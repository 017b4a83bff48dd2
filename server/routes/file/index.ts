import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { BASE_PATH } from '../../../contract/http';
import { MAX_FILE_BYTES } from '../../../contract/limits';
import { downloadRequest } from '../../../contract/schemas/file';
import { findFileByKey, insertFile } from '../../db/file-repo';
import { cleanName, contentDisposition } from '../../files/mime';
import { storedFileMime } from '../../services/file-kinds';
import { isTraversal, STORAGE_KEY_RE } from '../../files/storage';
import { ApiError, forbidden, invalid, notFound, unauthorized } from '../../http/api-error';
import { resolveSession } from '../../http/auth';
import type { Session } from '../../http/context';
import { route } from '../../http/route';
import { uploadDescriptor } from '../../services/file-refs';
import { addressKey, releaseUpload, reserveUpload, settleUpload } from '../../services/quotas';

/** What an upload may take, by the length of its body: at most the largest file; unknown counts as that. */
const declaredBytes = (contentLength: string | undefined) => {
  const n = Number(contentLength);
  return Number.isSafeInteger(n) && n >= 0 ? Math.min(n, MAX_FILE_BYTES) : MAX_FILE_BYTES;
};

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { db, storage, now, quotas } = app.services;

  /**
   * One file, multipart. SPEC.md section 7 names three paths for it: /file/upload (public; a
   * token, when one comes along, makes the file the supplier's), /file/uploadTsFile (a logged-in
   * supplier's upload: refused without a token) and the platform file service's
   * /sys-service/rest/filerRest/uploadFile (public, as /file/upload). One answer for all three.
   */
  const upload = async ({ req, session }: { req: FastifyRequest; session: Session | null }) => {
    if (!req.isMultipart()) throw new ApiError(Code.unsupportedType, 'unsupportedType');
    // Counted before a byte is stored (the body's length stands for the file's until it is known).
    const reservation = await reserveUpload(db, quotas, now(), session, req.ip, declaredBytes(req.headers['content-length']));
    try {
      const stored = await store(req, session);
      await settleUpload(db, reservation, stored.size);
      return stored.answer;
    } catch (error) {
      await releaseUpload(db, reservation);
      throw error;
    }
  };
  route(app, 'file', endpoints.fileUpload, upload);
  route(app, 'file', endpoints.fileUploadTsFile, upload);
  route(app, 'file', endpoints.sysFilerRestUploadFile, upload);

  async function store(req: FastifyRequest, session: Session | null) {
    const files = req.files({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
    const part = (await files.next()).value;
    if (part && part.fieldname !== 'file') part.file.resume();
    if (!part || part.fieldname !== 'file') throw new ApiError(Code.invalid, 'fileMissing', [{ field: 'file', key: 'fileMissing' }]);
    // A file part with no name (or an empty one) is a file nobody could recognise later: refused.
    if (!part.filename?.trim()) {
      part.file.resume();
      throw new ApiError(Code.invalid, 'fileNameMissing', [{ field: 'file', key: 'fileNameMissing' }]);
    }
    const name = cleanName(part.filename);
    const key = storage.newKey('u', name, now());
    // Streams to disk; on the size limit the stream fails and the partial file is removed.
    const { size, sha256 } = await storage.write(key, part.file).catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(Code.tooLarge, 'tooLarge');
      throw error;
    });
    if (part.file.truncated) {
      await storage.remove(key);
      throw new ApiError(Code.tooLarge, 'tooLarge');
    }
    try {
      // A second file is refused, never dropped: reading the rest of the body, the parser reports
      // it (FST_FILES_LIMIT, answered E400 oneFilePerRequest by the error handler).
      if (!(await files.next()).done) throw new ApiError(Code.invalid, 'oneFilePerRequest');
      await insertFile(
        db,
        {
          storageKey: key,
          ownerSupplierId: session?.supplierId ?? null,
          public: false,
          originalName: name,
          size,
          sha256,
          mime: await storedFileMime(storage, key),
          uploadAddress: session ? null : addressKey(req.ip),
        },
        now(),
      );
    } catch (error) {
      await storage.remove(key);
      throw error;
    }
    return { size, answer: uploadDescriptor(name, key) };
  }

  async function download(req: FastifyRequest, reply: FastifyReply, filePath: string): Promise<FastifyReply> {
    if (isTraversal(filePath)) throw invalid('filePath', 'pathRefused');
    if (!STORAGE_KEY_RE.test(filePath)) throw notFound();
    const file = await findFileByKey(db, filePath);
    if (!file) throw notFound();
    // Public documents and unclaimed uploads are open to whoever holds the unguessable path.
    if (!file.public && file.ownerSupplierId !== null) {
      const session = await resolveSession(req, false);
      if (!session) throw unauthorized('tokenLost');
      if (session.supplierId !== file.ownerSupplierId) throw forbidden();
    }
    if ((await storage.size(file.storageKey)) === null) {
      req.log.error({ key: file.storageKey }, 'stored file missing on disk');
      throw notFound();
    }
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(file.originalName))
      .header('cache-control', 'private, no-store')
      .send(storage.open(file.storageKey));
  }

  route(app, 'file', endpoints.fileDownload, async ({ input, req, reply }) => download(req, reply, input.filePath));

  // The `fileUrl` of an upload: the same download as a plain link, for <a href> and <img src>.
  app.get(`${BASE_PATH}${endpoints.fileDownload.path}`, { schema: { hide: true } }, async (req, reply) => {
    const parsed = downloadRequest.safeParse(req.query);
    if (!parsed.success) throw invalid('filePath', 'required');
    return download(req, reply, parsed.data.filePath);
  });
}
