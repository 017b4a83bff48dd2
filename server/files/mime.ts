/**
 * The Content-Type a stored file is served with, from its extension only. The client's claimed
 * type is never trusted: an uploaded `text/html` or SVG served from this origin would run
 * script in the portal's pages, so anything not listed is an opaque download.
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

export function mimeOf(key: string): string {
  const ext = /\.[a-z0-9]+$/.exec(key)?.[0] ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Original names are shown back to people; keep them printable and bounded. */
export const cleanName = (name: string) =>
  [...name].map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '/' || c === '\\' ? '_' : c)).join('').slice(-200) || 'file';
