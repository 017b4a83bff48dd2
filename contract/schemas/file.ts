import { z } from '../zod';
import { requiredText, text } from '../rules';
import { sha256Hex } from './common';

/**
 * `/file/upload` answers `data.filename`: a JSON text (SPEC.md section 7) holding
 * `{ name, fileUrl, path }` (other bid services may say `baseFileUrl` and `basePath`).
 */
export const uploadResponse = z.object({ filename: z.string() });
export const uploadedFileText = z.object({
  name: z.string(),
  fileUrl: z.string().optional(),
  baseFileUrl: z.string().optional(),
  path: z.string().optional(),
  basePath: z.string().optional(),
});

export const downloadRequest = z.object({
  filePath: requiredText(1024),
});

/** A finished tus upload is named by the id at the end of its upload URL. */
export const tusCompleteRequest = z.object({
  uploadId: text().regex(/^[\w-]{8,128}$/, { error: 'pathRefused' }),
  /** The SHA-256 of the bytes the portal sent; when the service's own differs, it refuses (E409 fileDigestMismatch). */
  sha256: sha256Hex.optional(),
});
