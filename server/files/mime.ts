import type { FileKind } from '../../contract/upload-rules';

/**
 * The Content-Types stored files are served with. An upload's is decided by its content
 * (`mimeFor`), the files the service makes itself (demo data) by their extension (`mimeOf`).
 * The client's claimed type is never trusted: an uploaded `text/html` or SVG served from this
 * origin would run script in the portal's pages, so anything not listed is an opaque download.
 */
const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.zip': 'application/zip',
  '.rar': 'application/vnd.rar',
  '.7z': 'application/x-7z-compressed',
};

const extensionOf = (key: string) => /\.[a-z0-9]+$/.exec(key)?.[0] ?? '';

export function mimeOf(key: string): string {
  return TYPES[extensionOf(key)] ?? 'application/octet-stream';
}

/** The types of the kinds a file's content tells (contract/upload-rules.ts, `sniffFileKind`). */
const KIND_TYPES: Record<Exclude<FileKind, 'unknown' | 'zip'>, string> = {
  pdf: TYPES['.pdf']!,
  png: TYPES['.png']!,
  jpeg: TYPES['.jpg']!,
  gif: TYPES['.gif']!,
  webp: TYPES['.webp']!,
  xls: TYPES['.xls']!,
  xlsx: TYPES['.xlsx']!,
  doc: TYPES['.doc']!,
};
/** What the content cannot tell: plain text, and archives other than ZIP. */
const UNSNIFFED = new Set(['.txt', '.csv', '.rar', '.7z']);

/**
 * The Content-Type an upload is stored and served with, decided by its content (`kind`): a PDF
 * named `slip.png` is served as a PDF. The name counts only where the content cannot tell: a ZIP
 * that is a .docx, plain text, other archives. Anything else is an opaque download.
 */
export function mimeFor(kind: FileKind, key: string): string {
  const ext = extensionOf(key);
  if (kind === 'zip') return ext === '.docx' ? TYPES['.docx']! : TYPES['.zip']!;
  if (kind !== 'unknown') return KIND_TYPES[kind];
  return UNSNIFFED.has(ext) ? TYPES[ext]! : 'application/octet-stream';
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Original names are shown back to people; keep them printable and bounded. */
export const cleanName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '/' || c === '\\' ? '_' : c))
    .join('')
    .slice(-200) || 'file';
