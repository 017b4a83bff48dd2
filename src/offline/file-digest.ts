import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Bytes hashed between two yields: a phone hashes this much in a few milliseconds, so no task blocks long. */
const SLICE_BYTES = 256 * 1024;

/**
 * The SHA-256 of a file's bytes as 64 lowercase hex digits, read a slice at a time (WebCrypto
 * hashes only whole buffers, and a 50 MB file is not read into memory at once). The bid service
 * computes its own when the upload completes and refuses bytes that differ; a receipt states it.
 */
export async function sha256OfBlob(blob: Blob): Promise<string> {
  const hash = sha256.create();
  for (let at = 0; at < blob.size; at += SLICE_BYTES) {
    hash.update(new Uint8Array(await blob.slice(at, at + SLICE_BYTES).arrayBuffer()));
  }
  return bytesToHex(hash.digest());
}
