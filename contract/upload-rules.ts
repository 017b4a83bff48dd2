import { MAX_FILE_BYTES, MAX_FILES_AT_ONCE } from './limits';
import type { MessageKey } from './messages';

/**
 * Upload rules of SPEC.md section 5 per named file field, written once: the portal's file
 * pickers check them before anything is stored, and the bid service checks the same
 * definitions on the stored bytes when a write references the files.
 */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'xls' | 'xlsx' | 'doc' | 'zip' | 'unknown';

export interface UploadRule {
  /** At least this many files ("required content not uploaded" below it). */
  min: number;
  max: number;
  /** Accepted kinds by content; null: any file. */
  kinds: readonly FileKind[] | null;
  /** For the picker's `accept` and its name check (the content check decides). */
  accept: string;
  maxBytes: number;
  /** The message for a file of another kind. */
  wrongKind: MessageKey;
  /** The message for more than `max` files. */
  tooMany: MessageKey;
}

const IMAGE_KINDS = ['png', 'jpeg', 'gif', 'webp'] as const satisfies readonly FileKind[];

export const UPLOAD_RULES = {
  /** Communication attachments. */
  attachments: {
    min: 0,
    max: MAX_FILES_AT_ONCE,
    kinds: null,
    accept: '',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'unsupportedType',
    tooMany: 'tooManyFiles',
  },
  /** The deposit's remittance slip: one photo or PDF. */
  remittanceSlip: {
    min: 1,
    max: 1,
    kinds: [...IMAGE_KINDS, 'pdf'],
    accept: 'image/*,application/pdf,.pdf',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'slipTypeInvalid',
    tooMany: 'oneFileOnly',
  },
  /** The supplier's business licence: one scan or photo (an image or a PDF). */
  businessLicense: {
    min: 1,
    max: 1,
    kinds: [...IMAGE_KINDS, 'pdf'],
    accept: 'image/*,application/pdf,.pdf',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'licenceTypeInvalid',
    tooMany: 'oneFileOnly',
  },
  bidDocuments: {
    min: 1,
    max: MAX_FILES_AT_ONCE,
    kinds: null,
    accept: '',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'unsupportedType',
    tooMany: 'tooManyFiles',
  },
  /** The files of one required certificate. */
  certificateFiles: {
    min: 1,
    max: MAX_FILES_AT_ONCE,
    kinds: null,
    accept: '',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'unsupportedType',
    tooMany: 'tooManyFiles',
  },
  /** Exactly one bill of materials, .xls or .xlsx by content. */
  billOfMaterials: {
    min: 1,
    max: 1,
    kinds: ['xls', 'xlsx'],
    accept: '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'nonExcel',
    tooMany: 'moreThanOneBom',
  },
  /** A filled inquiry letter: at most one, .xls or .xlsx by content. */
  inquiryLetter: {
    min: 0,
    max: 1,
    kinds: ['xls', 'xlsx'],
    accept: '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'letterNotExcel',
    tooMany: 'oneFileOnly',
  },
  /** A visit application's typed files (the files section): any kind, at most 20. */
  visitFiles: {
    min: 0,
    max: MAX_FILES_AT_ONCE,
    kinds: null,
    accept: '',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'unsupportedType',
    tooMany: 'tooManyFiles',
  },
  /** The labour contract of a visit application: required (SPEC.md section 5). */
  labourContract: {
    min: 1,
    max: MAX_FILES_AT_ONCE,
    kinds: null,
    accept: '',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'unsupportedType',
    tooMany: 'tooManyFiles',
  },
  /** The contract, labour notice and policy of a visit application, and its insurance appendix: optional. */
  visitDocuments: {
    min: 0,
    max: MAX_FILES_AT_ONCE,
    kinds: null,
    accept: '',
    maxBytes: MAX_FILE_BYTES,
    wrongKind: 'unsupportedType',
    tooMany: 'tooManyFiles',
  },
} as const satisfies Record<string, UploadRule>;

/** How many leading bytes `sniffFileKind` needs (an .xlsx is told from another ZIP by its entry names). */
export const SNIFF_HEAD_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

/**
 * Where an OLE2 compound file (the container of .xls and .doc) keeps its first directory sector,
 * from the header in `head`; null for another file or a header out of the specification.
 */
export function oleDirectorySector(head: Uint8Array): { offset: number; length: number } | null {
  if (head.length < 0x34 || !startsWith(head, OLE2_SIGNATURE)) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const shift = view.getUint16(0x1e, true);
  const first = view.getUint32(0x30, true);
  if ((shift !== 9 && shift !== 12) || first >= 0xfffffffa) return null;
  const length = 2 ** shift;
  return { offset: (first + 1) * length, length };
}

/** What an OLE2 file holds, by the stream names of a directory sector: a workbook, a Word document, or neither. */
export function oleKind(sector: Uint8Array): 'xls' | 'doc' | 'unknown' {
  const view = new DataView(sector.buffer, sector.byteOffset, sector.byteLength);
  for (let at = 0; at + 128 <= sector.length; at += 128) {
    // A name of up to 31 UTF-16 units and its terminating zero; 0x42 is the entry's type (2: a stream).
    const bytes = view.getUint16(at + 0x40, true);
    if (bytes < 4 || bytes > 64 || bytes % 2 !== 0 || sector[at + 0x42] !== 2) continue;
    const name = String.fromCharCode(...Array.from({ length: bytes / 2 - 1 }, (_, i) => view.getUint16(at + i * 2, true)));
    if (name === 'Workbook' || name === 'Book') return 'xls';
    if (name === 'WordDocument') return 'doc';
  }
  return 'unknown';
}

/**
 * What a file is by its first bytes (and, for a ZIP, the entry names near its start and end;
 * for an OLE2 file, the stream names of its directory), never by its name: a PDF renamed
 * `.xlsx` is a PDF, a Word .doc renamed `.xls` is a .doc. `tail` is the file's last 64 KB, where
 * a ZIP keeps its central directory. `oleSector` is the OLE2 directory sector when it lies past
 * `head` (the bid service reads it, server/services/file-kinds.ts); without it such a file is
 * taken for the workbook it most likely is, and the bid service decides.
 */
export function sniffFileKind(head: Uint8Array, tail: Uint8Array = new Uint8Array(0), oleSector?: Uint8Array): FileKind {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, OLE2_SIGNATURE)) {
    const directory = oleDirectorySector(head);
    if (!directory) return 'unknown';
    const sector =
      oleSector ??
      (directory.offset + directory.length <= head.length ? head.subarray(directory.offset, directory.offset + directory.length) : null);
    return sector ? oleKind(sector) : 'xls';
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    return containsAscii(head, 'xl/workbook') || containsAscii(tail, 'xl/workbook') ? 'xlsx' : 'zip';
  }
  return 'unknown';
}

/** The rule's message for a file of this kind, or null when it is accepted. */
export function kindProblem(rule: UploadRule, kind: FileKind): MessageKey | null {
  return rule.kinds === null || rule.kinds.includes(kind) ? null : rule.wrongKind;
}
