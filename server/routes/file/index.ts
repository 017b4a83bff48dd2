import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { BASE_PATH } from '../../../contract/http';
import { MAX_FILE_BYTES } from '../../../contract/limits';
import { downloadRequest } from '../../../contract/schemas/file';
import { findFileByKey, insertFile } from '../../db/file-repo';
import { cleanName, contentDisposition, mimeOf } from '../../files/mime';
import { isTraversal, STORAGE_KEY_RE } from '../../files/storage';
import { ApiError, forbidden, invalid, notFound, unauthorized } from '../../http/api-error';
import { resolveSession } from '../../http/auth';
import { route } from '../../http/route';
import { downloadUrl } from '../../services/file-refs';

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { db, storage, now } = app.services;

  route(app, 'file', endpoints.fileUpload, async ({ req, session }) => {
    if (!req.isMultipart()) throw new ApiError(Code.unsupportedType, 'unsupportedType');
    const part = await req.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
    if (part && part.fieldname !== 'file') part.file.resume();
    if (!part || part.fieldname !== 'file') throw new ApiError(Code.invalid, 'fileMissing', [{ field: 'file', key: 'fileMissing' }]);
    const name = cleanName(part.filename);
    const key = storage.newKey('u', name, now());
    // Streams to disk; on the size limit the stream fails and the partial file is removed.
    const size = await storage.write(key, part.file).catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(Code.tooLarge, 'tooLarge');
      throw error;
    });
    if (part.file.truncated) {
      await storage.remove(key);
      throw new ApiError(Code.tooLarge, 'tooLarge');
    }
    try {
      await insertFile(db, { storageKey: key, ownerSupplierId: session?.supplierId ?? null, public: false, originalName: name, size, mime: mimeOf(key) }, now());
    } catch (error) {
      await storage.remove(key);
      throw error;
    }
    return { filename: JSON.stringify({ name, fileUrl: downloadUrl(key), path: key }) };
  });

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
