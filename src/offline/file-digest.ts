import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Bytes hashed between two yields: a phone hashes this much in a few milliseconds, so no task blocks long. */
const SLICE_BYTES = 256 * 1024;

type Hash = ReturnType<typeof sha256.create>;

/** How long hashing holds the main thread before other tasks (a tap, a frame) may run: a frame's share on a phone. */
const TASK_BUDGET_MS = 10;

/** A new task: `scheduler.yield` where the browser has it (the rest of the work keeps its place), else a timer. */
const nextTask = () => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/**
 * Feeds bytes to the hash, letting other tasks run whenever it has held the thread for its budget:
 * a blob's reads may resolve without a task between them (a file in memory, a byte stream's
 * reader), and 50 MB hashed at a phone's speed in one task would freeze the screen for seconds.
 */
function feeder(hash: Hash): (bytes: Uint8Array) => Promise<void> {
  let since = performance.now();
  return async (bytes) => {
    hash.update(bytes);
    if (performance.now() - since < TASK_BUDGET_MS) return;
    await nextTask();
    since = performance.now();
  };
}

/**
 * Reads the blob into one buffer, over and over (a byte stream's BYOB reader hands the same
 * memory back with each read): a 50 MB file leaves no trail of 256 KB buffers for the garbage
 * collector, which four uploads side by side would add to the tab's memory. False where the
 * browser's blob stream takes no buffer of the reader's own.
 */
async function hashIntoOneBuffer(blob: Blob, feed: (bytes: Uint8Array) => Promise<void>): Promise<boolean> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = blob.stream().getReader({ mode: 'byob' });
  } catch {
    return false;
  }
  let buffer = new ArrayBuffer(SLICE_BYTES);
  for (;;) {
    const { value, done } = await reader.read(new Uint8Array(buffer));
    if (done || !value) return true;
    await feed(value);
    buffer = value.buffer;
  }
}

/**
 * The SHA-256 of a file's bytes as 64 lowercase hex digits, read a slice at a time (WebCrypto
 * hashes only whole buffers, and a 50 MB file is not read into memory at once). The bid service
 * computes its own when the upload completes and refuses bytes that differ; a receipt states it.
 */
export async function sha256OfBlob(blob: Blob): Promise<string> {
  const hash = sha256.create();
  const feed = feeder(hash);
  if (!(await hashIntoOneBuffer(blob, feed))) {
    for (let at = 0; at < blob.size; at += SLICE_BYTES) await feed(new Uint8Array(await blob.slice(at, at + SLICE_BYTES).arrayBuffer()));
  }
  return bytesToHex(hash.digest());
}
