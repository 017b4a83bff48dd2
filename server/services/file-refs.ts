import { BASE_PATH } from '../../contract/http';
import type { FileRef } from '../../contract/schemas/common';
import type { SupplierFields } from '../../contract/schemas/supplier';
import { UPLOAD_RULES, type UploadRule } from '../../contract/upload-rules';
import type { Queryable } from '../db/db';
import { claimFiles, findFilesByKeys } from '../db/file-repo';
import type { FileStorage } from '../files/storage';
import { forbidden, invalid } from '../http/api-error';
import { checkStoredFiles } from './file-kinds';

/** Where a stored file is downloaded from (GET for links, POST for the portal's blob fetch). */
export const downloadUrl = (key: string) => `${BASE_PATH}/file/download?filePath=${encodeURIComponent(key)}`;

/** The answer of an upload (/file/upload and its other paths, /file/tusComplete): SPEC.md's `data.filename`. */
export const uploadDescriptor = (name: string, key: string) => ({
  filename: JSON.stringify({ name, fileUrl: downloadUrl(key), path: key }),
});

const refsOf = (fields: SupplierFields): Array<[string, FileRef]> => [
  ['businessLicense', fields.businessLicense],
  ...fields.attachments.map((ref, i): [string, FileRef] => [`attachments.${i}`, ref]),
];

/**
 * Checks that every file a supplier record references was uploaded here and may be used by
 * `supplierId` (null while registering): its own, a public document, or an unclaimed upload;
 * and that a new business licence is an image or a PDF by its content. A licence already on
 * record (`recordedLicence`, its stored key) is kept as it is, whatever its kind: a supplier
 * editing its phone number is not made to upload its licence again.
 * Answers the fields with their `url` rewritten from the stored key, so a record never carries
 * a link the client made up.
 */
export async function checkFileRefs(
  db: Queryable,
  storage: FileStorage,
  fields: SupplierFields,
  supplierId: string | null,
  recordedLicence: string | null,
): Promise<SupplierFields> {
  await checkRefs(db, refsOf(fields), supplierId);
  if (fields.businessLicense.path !== recordedLicence)
    await checkStoredFiles(db, storage, [['businessLicense', fields.businessLicense]], UPLOAD_RULES.businessLicense);
  return { ...fields, businessLicense: withOurUrl(fields.businessLicense), attachments: fields.attachments.map(withOurUrl) };
}

/** A reference's `url` rebuilt from its stored key. */
export const withOurUrl = (ref: FileRef): FileRef => ({ ...ref, url: downloadUrl(ref.path) });

/** The check of `checkFileRefs` for any list of named references (E400 unknown, E403 another's). */
export async function checkRefs(db: Queryable, refs: Array<[string, FileRef]>, supplierId: string | null): Promise<void> {
  // Locked until the write's transaction ends: housekeeping cannot expire them before the claim.
  const found = new Map(
    (
      await findFilesByKeys(
        db,
        refs.map(([, ref]) => ref.path),
        true,
      )
    ).map((f) => [f.storageKey, f]),
  );
  for (const [field, ref] of refs) {
    const file = found.get(ref.path);
    if (!file) throw invalid(`${field}.path`, 'notFound');
    if (!file.public && file.ownerSupplierId !== null && file.ownerSupplierId !== supplierId) throw forbidden();
  }
}

/** The unclaimed uploads a record references become the supplier's. */
export async function claimFileRefs(db: Queryable, fields: SupplierFields, supplierId: string): Promise<void> {
  await claimFiles(
    db,
    refsOf(fields).map(([, ref]) => ref.path),
    supplierId,
  );
}

/**
 * Files a write references: uploads made here that the supplier may use (checkRefs), of the
 * rule's size and kind by content (checkStoredFiles). Unclaimed uploads become the supplier's;
 * links are rebuilt from the stored key. Run inside the write's transaction: a later refusal
 * rolls the claim back.
 */
export async function ownFiles(
  db: Queryable,
  storage: FileStorage,
  refs: Array<[string, FileRef]>,
  rule: UploadRule,
  supplierId: string,
): Promise<FileRef[]> {
  await checkRefs(db, refs, supplierId);
  await checkStoredFiles(db, storage, refs, rule);
  await claimFiles(
    db,
    refs.map(([, ref]) => ref.path),
    supplierId,
  );
  return refs.map(([, ref]) => withOurUrl(ref));
}

export const named = (field: string, refs: FileRef[]): Array<[string, FileRef]> => refs.map((ref, i) => [`${field}.${i}`, ref]);
