/**
 * When a photo is worth re-encoding before it waits in the outbox and travels a slow link
 * (a remittance slip from a phone camera is 3-8 MB; at 2048 px and JPEG 0.82 it stays
 * legible at a fraction of that). Pure: the canvas work is in compress-photo.ts, loaded only
 * when a photo is chosen.
 */
const PHOTO_MAX_SIDE = 2048;
export const PHOTO_MAX_BYTES = 1024 * 1024;
const PHOTO_QUALITY = 0.82;

/** GIFs may be animated and PDFs are documents: only still photo formats are re-encoded. */
const COMPRESSIBLE = ['image/jpeg', 'image/png', 'image/webp'] as const;
const BY_EXTENSION: Record<string, (typeof COMPRESSIBLE)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The photo type of a file (by its type, else its extension: some pickers leave the type empty), or null. */
export function photoType(file: { type: string; name: string }): (typeof COMPRESSIBLE)[number] | null {
  const type = file.type.toLowerCase();
  if ((COMPRESSIBLE as readonly string[]).includes(type)) return type as (typeof COMPRESSIBLE)[number];
  if (type) return null;
  return BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

export type PhotoPlan = { action: 'keep' } | { action: 'reencode'; width: number; height: number; quality: number };

/**
 * Keep a photo that is small on both counts; otherwise re-encode it as JPEG with its long side
 * at most PHOTO_MAX_SIDE, the aspect ratio kept and no side below 1 px.
 */
export function planPhoto({ bytes, width, height }: { bytes: number; width: number; height: number }): PhotoPlan {
  const long = Math.max(width, height);
  if (!(long > 0)) return { action: 'keep' };
  if (bytes <= PHOTO_MAX_BYTES && long <= PHOTO_MAX_SIDE) return { action: 'keep' };
  const scale = Math.min(1, PHOTO_MAX_SIDE / long);
  return {
    action: 'reencode',
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    quality: PHOTO_QUALITY,
  };
}

/** The re-encoded photo only when it is really smaller: a well-compressed original stays as it is. */
export const keepSmaller = <T extends { size: number }>(original: T, result: T | null): T =>
  result && result.size < original.size ? result : original;

/** `IMG_2031.HEIC.png` -> `IMG_2031.HEIC.jpg`: the name follows the new content. */
export const jpegName = (name: string) => (/\.[^./\\]+$/.test(name) ? name.replace(/\.[^./\\]+$/, '.jpg') : `${name}.jpg`);
