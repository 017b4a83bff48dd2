import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Bytes hashed between two yields: a phone hashes this much in a few milliseconds, so no task blocks long. */
const SLICE_BYTES = 256 * 1024;

type Hash = ReturnType<typeof sha256.create>;

/**
 * Reads the blob into one buffer, over and over (a byte stream's BYOB reader hands the same
 * memory back with each read): a 50 MB file leaves no trail of 256 KB buffers for the garbage
 * collector, which four uploads side by side would add to the tab's memory. False where the
 * browser's blob stream takes no buffer of the reader's own.
 */
async function hashIntoOneBuffer(blob: Blob, hash: Hash): Promise<boolean> {
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
    hash.update(value);
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
  if (!(await hashIntoOneBuffer(blob, hash))) {
    for (let at = 0; at < blob.size; at += SLICE_BYTES) hash.update(new Uint8Array(await blob.slice(at, at + SLICE_BYTES).arrayBuffer()));
  }
  return bytesToHex(hash.digest());
}
