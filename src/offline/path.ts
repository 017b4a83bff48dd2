/**
 * Dotted paths into an outbox payload ('attachments', 'certificates.0.files'): where the sync
 * engine puts the FileRefs of a named file field. Pure and copying: the stored payload is
 * never changed, so a failed attempt leaves nothing half-filled for the next one.
 */

/** Segments that would reach an object's prototype instead of its data. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const INDEX = /^(0|[1-9]\d*)$/;

export type PathSegment = string | number;

/** 'certificates.0.files' → ['certificates', 0, 'files']; throws on an empty or unsafe path. */
export function parsePath(path: string): PathSegment[] {
  const parts = path.split('.');
  if (parts.some((part) => part === '' || FORBIDDEN.has(part))) throw new Error(`Invalid payload path: "${path}"`);
  return parts.map((part) => (INDEX.test(part) ? Number(part) : part));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path`, or undefined when any step is missing. */
export function getAtPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const segment of parsePath(path)) {
    if (typeof segment === 'number' ? !Array.isArray(current) : !isRecord(current)) return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

function setIn(container: unknown, segments: PathSegment[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    // A missing or non-array step becomes an array: `certificates.1.files` on `{}` builds `[, {files}]`.
    const copy = Array.isArray(container) ? [...(container as unknown[])] : [];
    // Holes before the index would be sent as null: fill them with empty objects instead.
    while (copy.length < head) copy.push({});
    copy[head] = setIn(copy[head], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(container) ? { ...container } : {};
  copy[head] = setIn(copy[head], rest, value);
  return copy;
}

/** A copy of `root` with `value` at `path`; missing steps are created (an array for an index, else an object). */
export function setAtPath<T extends Record<string, unknown>>(root: T, path: string, value: unknown): T {
  return setIn(root, parsePath(path), value) as T;
}

/** A copy of `root` with `items` appended to the array at `path` (a missing or non-array value counts as empty). */
export function appendAtPath<T extends Record<string, unknown>>(root: T, path: string, items: readonly unknown[]): T {
  const existing = getAtPath(root, path);
  return setAtPath(root, path, [...(Array.isArray(existing) ? existing : []), ...items]);
}
