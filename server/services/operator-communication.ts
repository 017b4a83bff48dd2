import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import { LONG_TEXT_MAX, MAX_FILE_BYTES } from '../../contract/limits';
import type { FileRef } from '../../contract/schemas/common';
import { findThreadByHandle, insertReply, listThreadsOf, repliesOf, type Thread } from '../db/communication-repo';
import type { Queryable } from '../db/db';
import { digestOf, findFilesByKeys, insertFile } from '../db/file-repo';
import { findSupplierByHandle, listSuppliers } from '../db/supplier-repo';
import type { FileStorage } from '../files/storage';
import { cleanName } from '../files/mime';
import { storedFileMime } from './file-kinds';
import { downloadUrl } from './file-refs';
import { OperatorError, type OperatorContext } from './operator-errors';

/** Who answers for the buyer when the operator names nobody. */
export const DEFAULT_BUYER_SPONSOR = '采购部';

export const communicationInputs = {
  replyCommunication: z.object({
    id: z.string().trim().min(1).max(64),
    text: z.string().trim().min(1).max(LONG_TEXT_MAX),
    close: z.boolean().default(false),
    sponsor: z.string().trim().min(1).max(50).default(DEFAULT_BUYER_SPONSOR),
    /** Files on the operator's machine, attached as the buyer's (owned by the thread's supplier). */
    files: z.array(z.string().min(1)).max(20).default([]),
  }),
  listCommunications: z.object({ supplier: z.string().trim().min(1).max(64).optional() }),
};

/** Stores a local file as a private file of `supplierId` (so only that supplier downloads it). */
export async function storeLocalFile(
  db: Queryable,
  storage: FileStorage,
  localPath: string,
  supplierId: string,
  now: Date,
): Promise<FileRef> {
  const info = await stat(localPath).catch(() => null);
  if (!info?.isFile()) throw new OperatorError(`no such file: ${localPath}`);
  if (info.size > MAX_FILE_BYTES) throw new OperatorError(`file over 50 MB: ${localPath}`);
  const name = cleanName(basename(localPath));
  const key = storage.newKey('u', name, now);
  const { size, sha256 } = await storage.write(key, createReadStream(localPath));
  await insertFile(
    db,
    {
      storageKey: key,
      ownerSupplierId: supplierId,
      public: false,
      originalName: name,
      size,
      sha256,
      mime: await storedFileMime(storage, key),
    },
    now,
  );
  return { name, url: downloadUrl(key), path: key };
}

/** A thread as the operator sees it: every reply, every attachment with its size and SHA-256. */
async function operatorView(ctx: OperatorContext, thread: Thread, usernames: Map<string, string>) {
  const replies = await repliesOf(ctx.db, thread.id);
  const keys = replies.flatMap((r) => r.attachments.map((a) => a.path));
  const files = new Map((await findFilesByKeys(ctx.db, keys)).map((f) => [f.storageKey, f]));
  const { supplierId, ...summary } = thread;
  return {
    ...summary,
    supplier: usernames.get(supplierId) ?? supplierId,
    replies: await Promise.all(
      replies.map(async (r) => ({
        ...r,
        attachments: await Promise.all(
          r.attachments.map(async (a) => {
            const file = files.get(a.path);
            return { ...a, size: file?.size ?? null, sha256: file ? await digestOf(ctx.db, ctx.storage, file).catch(() => null) : null };
          }),
        ),
      })),
    ),
  };
}

const usernamesOf = async (db: Queryable) => new Map((await listSuppliers(db)).map((s) => [s.supplierId, s.username]));

export async function replyCommunication(ctx: OperatorContext, raw: unknown) {
  const input = communicationInputs.replyCommunication.parse(raw);
  const thread = await findThreadByHandle(ctx.db, input.id);
  if (!thread) throw new OperatorError(`no communication with id or question number "${input.id}"`);
  if (thread.status === 'closed') throw new OperatorError(`communication ${thread.questionNo} is closed`);
  await ctx.db.transaction(async (tx) => {
    const attachments: FileRef[] = [];
    for (const path of input.files) attachments.push(await storeLocalFile(tx, ctx.storage, path, thread.supplierId, ctx.now));
    await insertReply(
      tx,
      {
        threadId: thread.id,
        side: 'buyer',
        sponsor: input.sponsor,
        detail: input.text,
        attachments,
        status: input.close ? 'closed' : 'awaitingSupplier',
      },
      ctx.now,
    );
  });
  const updated = (await findThreadByHandle(ctx.db, thread.id))!;
  return operatorView(ctx, updated, await usernamesOf(ctx.db));
}

export async function listCommunications(ctx: OperatorContext, raw: unknown) {
  const input = communicationInputs.listCommunications.parse(raw);
  let supplierId: string | null = null;
  if (input.supplier) {
    const record = await findSupplierByHandle(ctx.db, input.supplier);
    if (!record) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
    supplierId = record.supplier.supplierId;
  }
  const usernames = await usernamesOf(ctx.db);
  const threads = await listThreadsOf(ctx.db, supplierId);
  const views = [];
  for (const thread of threads) views.push(await operatorView(ctx, thread, usernames));
  return views;
}
