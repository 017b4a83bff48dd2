import { mkdirSync } from 'node:fs';
import { chmod, copyFile, link, unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { BASE_PATH, HEADER, REASON_HEADER, TUS_PATH } from '../../../contract/http';
import type { Locale } from '../../../contract/locales';
import { MAX_FILE_BYTES } from '../../../contract/limits';
import { message } from '../../../contract/messages';
import { findFileByKey, insertFile } from '../../db/file-repo';
import { deleteTusUpload, findTusUpload, insertTusUpload, recordTusProgress, setTusStorageKey } from '../../db/tus-repo';
import { PgLocker } from '../../files/pg-locker';
import { cleanName } from '../../files/mime';
import { storedFileMime } from '../../services/file-kinds';
import { ApiError, forbidden, notFound, unauthorized } from '../../http/api-error';
import { resolveSession } from '../../http/auth';
import type { Session } from '../../http/context';
import { route } from '../../http/route';
import { randomName } from '../../security/tokens';
import { uploadDescriptor } from '../../services/file-refs';
import { reserveTusUpload } from '../../services/quotas';

/**
 * The tus store's own expiry of unfinished uploads (its `deleteExpired`, by the wall clock), a
 * backstop: housekeeping (services/housekeeping.ts) expires them by their rows and Quotas.unclaimedTtlMs.
 */
export const TUS_EXPIRY_MS = 24 * 3600_000;
export const tusDirectory = (dataDir: string) => join(dataDir, 'tus');
/** The tus store of a data directory: the server's, and housekeeping's for expired uploads. */
export const tusStore = (dataDir: string) =>
  new FileStore({ directory: tusDirectory(dataDir), expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'] as const;
const UPLOAD_ID_RE = /^[\w-]{8,128}$/;

/**
 * The tus server ends responses with `end(callback)`. Node's response allows that, Fastify's
 * `inject` response (light-my-request) takes the callback for data: hand it over as the third
 * argument, which both read the same way.
 */
function endTakesCallback(res: ServerResponse): void {
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, callback?: () => void) => ServerResponse;
  res.end = ((...args: unknown[]) =>
    typeof args[0] === 'function' ? end(undefined, undefined, args[0] as () => void) : end(...args)) as ServerResponse['end'];
}

/** Who sent a tus request, and where its answer goes. */
interface Caller {
  session: Session | null;
  ip: string;
  locale: Locale;
  res: ServerResponse;
}

/**
 * Resumable uploads (tus 1.0, DESIGN.md section 4) under BASE_PATH + TUS_PATH. Bytes and offsets
 * live in the tus file store (`$DATA_DIR/tus`), the owner in `tus_uploads`: the supplier of a
 * valid token sent with the creation, else nobody (like /file/upload). A finished upload becomes
 * an ordinary stored file through /file/tusComplete, with the descriptor /file/upload answers.
 */
export async function tusRoutes(
  app: FastifyInstance,
  opts: { dataDir: string; allowedOrigins: string[]; databaseUrl?: string },
): Promise<void> {
  const { now, storage, quotas, metrics } = app.services;
  const path = `${BASE_PATH}${TUS_PATH}`;
  const datastore = tusStore(opts.dataDir);
  // A termination (DELETE) gives the upload's space back at once, before it is answered: the
  // tus server awaits the store's `remove` and only then answers 204.
  const remove = datastore.remove.bind(datastore);
  datastore.remove = async (id: string) => {
    await remove(id);
    await deleteTusUpload(app.services.db, id);
  };
  // tus_bytes_received_total counts what the store wrote: a PATCH cut short stores, and counts, what arrived.
  const write = datastore.write.bind(datastore);
  datastore.write = async (readable, id, offset) => {
    const end = await write(readable, id, offset);
    metrics.tusBytesReceived.inc(end - offset);
    return end;
  };
  /** The caller of each request in flight, for the creation hook (which sees only the request). */
  const callers = new WeakMap<IncomingMessage, Caller>();
  const allowedOrigins = new Set(opts.allowedOrigins);
  // On PostgreSQL, instances share uploads (a shared data folder): their locks must be shared too.
  // Their LISTEN connection, lost, is opened again; meanwhile /readyz answers 503 (http/health.ts).
  const locker = opts.databaseUrl ? new PgLocker(opts.databaseUrl, { log: app.log }) : undefined;
  if (locker) {
    app.lifecycle.checks.push(() => locker.readiness());
    app.addHook('onClose', () => locker.close());
  }

  const tus = new Server({
    path,
    datastore,
    ...(locker ? { locker } : {}),
    maxSize: MAX_FILE_BYTES,
    // Same origin: a relative Location stays right behind any proxy.
    relativeLocation: true,
    // The tus server answers `Access-Control-Allow-Origin: *` unless told otherwise: a page on
    // any site could then drive uploads with a visitor's browser. Only the configured origins get
    // the header; the portal on the service's own origin needs none.
    allowedOrigins: (origin) => allowedOrigins.has(origin),
    namingFunction: () => randomName(),
    async onUploadCreate(req, upload) {
      const node = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const caller = node ? callers.get(node) : undefined;
      if (!caller) throw { status_code: 500, body: 'Internal error\n' };
      const { db } = app.services;
      // The declared length counts against the day's quota now: the bytes follow in later requests.
      const address = await reserveTusUpload(db, quotas, now(), caller.session, caller.ip, upload.size ?? MAX_FILE_BYTES).catch(
        (error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          // tus clients read the status; the envelope says why, the reason header says it to the portal.
          caller.res.setHeader(REASON_HEADER, error.key);
          throw { status_code: 429, body: JSON.stringify({ code: error.code, message: message(error.key, caller.locale), data: null }) };
        },
      );
      await insertTusUpload(db, upload.id, caller.session?.supplierId ?? null, now(), upload.size, address);
      return {};
    },
  });

  // tus bodies are the raw bytes: leave the stream for the tus server to read.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  /** A plain protocol answer (tus clients read statuses, not envelopes). */
  const refuse = (reply: FastifyReply, status: number, text: string) =>
    reply.code(status).header('tus-resumable', '1.0.0').header('cache-control', 'no-store').type('text/plain').send(text);

  async function handle(req: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) {
    let session: Session | null;
    try {
      session = await resolveSession(req, false);
    } catch {
      return refuse(reply, 403, 'Forbidden\n');
    }
    // A request that presents a token is judged by it: an expired or revoked one is 401 (the
    // portal pauses the upload until its owner logs in again), never an anonymous upload.
    if (!session && req.headers[HEADER.token.toLowerCase()] && req.method !== 'OPTIONS') return refuse(reply, 401, 'Token expired\n');
    const id = req.params.id;
    if (id && req.method !== 'OPTIONS') {
      // Only the owner may look at, add to or delete an owned upload.
      const row = UPLOAD_ID_RE.test(id) ? await findTusUpload(app.services.db, id) : null;
      if (row?.storageKey) return refuse(reply, 410, 'Upload completed\n');
      if (row?.ownerSupplierId && !session) return refuse(reply, 401, 'Token required\n');
      if (row?.ownerSupplierId && row.ownerSupplierId !== session!.supplierId) return refuse(reply, 403, 'Forbidden\n');
    }
    callers.set(req.raw, { session, ip: req.ip, locale: req.locale, res: reply.raw });
    reply.hijack();
    endTakesCallback(reply.raw);
    try {
      await tus.handle(req.raw, reply.raw);
      // The bytes an upload holds, and when it last received some (services/quotas.ts).
      const offset = Number(reply.raw.getHeader('upload-offset'));
      if (req.method === 'PATCH' && id && reply.raw.statusCode === 204 && Number.isSafeInteger(offset))
        await recordTusProgress(app.services.db, id, offset, now());
    } catch (error) {
      req.log.error({ err: error }, 'tus request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    }
  }

  for (const url of [path, `${path}/:id`]) {
    app.route({ method: [...TUS_METHODS], url, schema: { hide: true }, handler: handle });
  }

  /**
   * Completing moves the bytes into the file store in a way that survives a crash at any point:
   * they are linked (or copied) to their stored name inside the transaction that records the
   * file, and the tus copy goes only after the commit. An instance killed before the commit
   * leaves the tus upload whole, so the portal's retry completes it; killed after, the retry
   * finds the stored file and answers it.
   *
   * The service hashes the bytes it holds (SHA-256) and keeps the digest with the file: a
   * receipt states it. When the portal sends the digest of the bytes it meant to send and the
   * two differ, the bytes were damaged on the way: nothing is stored, the upload is removed so
   * the portal sends the file again from its first byte, and the answer is E409
   * `fileDigestMismatch`.
   */
  route(app, 'file', endpoints.fileTusComplete, async ({ input, session, db }) => {
    const done = await db.transaction(async (tx): Promise<Completion> => {
      const row = await findTusUpload(tx, input.uploadId, true);
      if (!row) throw notFound();
      if (row.ownerSupplierId && !session) throw unauthorized('tokenLost');
      if (row.ownerSupplierId && row.ownerSupplierId !== session!.supplierId) throw forbidden();
      if (row.storageKey) {
        const file = await findFileByKey(tx, row.storageKey);
        if (!file) throw notFound();
        return { answer: uploadDescriptor(file.originalName, file.storageKey), moved: null, damaged: null };
      }
      const upload = await datastore.getUpload(row.uploadId).catch(() => null);
      if (!upload) throw notFound();
      if (upload.size === undefined || upload.offset !== upload.size) throw new ApiError(Code.conflict, 'uploadIncomplete');
      const name = cleanName(upload.metadata?.filename ?? upload.metadata?.name ?? 'file');
      const key = storage.newKey('u', name, now());
      const from = upload.storage!.path;
      const to = storage.pathOf(key);
      mkdirSync(dirname(to), { recursive: true });
      // A hard link where the file system has them (the tus and file folders share DATA_DIR), else a copy.
      await link(from, to).catch(() => copyFile(from, to));
      try {
        // Stored files are readable by the service's account only, as /file/upload writes them
        // (the tus store writes its uploads with the default mode).
        await chmod(to, 0o600);
        const sha256 = await storage.digest(key);
        if (input.sha256 && input.sha256 !== sha256) {
          await unlink(to);
          return { answer: null, moved: null, damaged: row.uploadId };
        }
        await insertFile(
          tx,
          {
            storageKey: key,
            ownerSupplierId: row.ownerSupplierId,
            public: false,
            originalName: name,
            size: upload.size,
            sha256,
            mime: await storedFileMime(storage, key),
            uploadAddress: row.address,
          },
          now(),
        );
        await setTusStorageKey(tx, row.uploadId, key);
      } catch (error) {
        await unlink(to).catch(() => undefined);
        throw error;
      }
      return { answer: uploadDescriptor(name, key), moved: { from, id: row.uploadId }, damaged: null };
    });
    if (done.damaged) {
      // Outside the transaction, which held the upload's row: removing it deletes that row.
      await datastore.remove(done.damaged).catch(() => undefined);
      metrics.tusDigestMismatches.inc();
      throw new ApiError(Code.conflict, 'fileDigestMismatch');
    }
    if (done.moved) {
      // Committed: the tus copy is no longer needed. (A crash right here leaves it behind,
      // never read again: the upload's row names its stored file from now on.)
      await unlink(done.moved.from).catch(() => undefined);
      await datastore.configstore.delete(done.moved.id).catch(() => undefined);
    }
    return done.answer!;
  });
}

/** What completing an upload came to: the answer, the tus copy to remove after the commit, or bytes that differ from the portal's. */
interface Completion {
  answer: ReturnType<typeof uploadDescriptor> | null;
  moved: { from: string; id: string } | null;
  damaged: string | null;
}
