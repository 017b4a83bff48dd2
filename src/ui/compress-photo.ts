import { jpegName, keepSmaller, photoType, planPhoto } from './photo-plan';

/**
 * Re-encodes a large photo as JPEG in the browser (no library: createImageBitmap and a canvas).
 * Loaded with a dynamic import when a photo is chosen. Any failure (an unsupported format, a
 * browser without these APIs, too little memory) keeps the original: compression only saves
 * bytes, it never decides whether a file may be sent.
 */
export async function compressPhoto(file: File): Promise<File> {
  if (!photoType(file) || typeof createImageBitmap !== 'function') return file;
  // 'from-image' applies the EXIF orientation, so a portrait slip shot sideways comes out upright
  // (the re-encoded JPEG carries no EXIF that could rotate it twice).
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const plan = planPhoto({ bytes: file.size, width: bitmap.width, height: bitmap.height });
    if (plan.action === 'keep') return file;
    const blob = await encodeJpeg(bitmap, plan.width, plan.height, plan.quality);
    const smaller = keepSmaller<Blob>(file, blob);
    return smaller === file ? file : new File([smaller], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  // Off the DOM where the browser has it; a plain canvas otherwise (Safari before 16.4).
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

function draw(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, bitmap: ImageBitmap, width: number, height: number) {
  // JPEG has no transparency: a transparent PNG would turn black without a white ground.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
