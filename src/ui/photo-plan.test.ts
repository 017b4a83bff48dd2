import { describe, expect, it } from 'vitest';
import { jpegName, keepSmaller, PHOTO_MAX_BYTES, photoType, planPhoto } from './photo-plan';

const MB = 1024 * 1024;

describe('planPhoto', () => {
  it('keeps a photo under 1 MB whose long side is at most 2048 px', () => {
    expect(planPhoto({ bytes: 800 * 1024, width: 2048, height: 1536 })).toEqual({ action: 'keep' });
    expect(planPhoto({ bytes: PHOTO_MAX_BYTES, width: 1200, height: 1600 })).toEqual({ action: 'keep' });
  });

  it('re-encodes a heavy photo at its own size when it is not too large', () => {
    expect(planPhoto({ bytes: 3 * MB, width: 1600, height: 1200 })).toEqual({
      action: 'reencode',
      width: 1600,
      height: 1200,
      quality: 0.82,
    });
  });

  it('scales the long side down to 2048 px, portrait or landscape, keeping the ratio', () => {
    expect(planPhoto({ bytes: 6 * MB, width: 4032, height: 3024 })).toEqual({
      action: 'reencode',
      width: 2048,
      height: 1536,
      quality: 0.82,
    });
    expect(planPhoto({ bytes: 6 * MB, width: 3024, height: 4032 })).toMatchObject({ width: 1536, height: 2048 });
    // Small in bytes but too large in pixels (a screenshot of a long statement).
    expect(planPhoto({ bytes: 400 * 1024, width: 1080, height: 8000 })).toMatchObject({ action: 'reencode', width: 276, height: 2048 });
    expect(planPhoto({ bytes: 2 * MB, width: 100_000, height: 1 })).toMatchObject({ width: 2048, height: 1 });
  });

  it('keeps what it cannot measure', () => {
    expect(planPhoto({ bytes: 5 * MB, width: 0, height: 0 })).toEqual({ action: 'keep' });
  });
});

describe('photoType', () => {
  it('takes JPEG, PNG and WebP, by type or else by extension; not GIF, HEIC or PDF', () => {
    expect(photoType({ type: 'image/jpeg', name: 'a' })).toBe('image/jpeg');
    expect(photoType({ type: 'image/webp', name: 'a.webp' })).toBe('image/webp');
    expect(photoType({ type: '', name: 'IMG_1.PNG' })).toBe('image/png');
    expect(photoType({ type: 'image/gif', name: 'a.gif' })).toBeNull();
    expect(photoType({ type: 'image/heic', name: 'a.heic' })).toBeNull();
    expect(photoType({ type: 'application/pdf', name: 'slip.pdf' })).toBeNull();
    expect(photoType({ type: '', name: 'slip.pdf' })).toBeNull();
  });
});

describe('keepSmaller and jpegName', () => {
  it('keeps the original unless the result is smaller', () => {
    const original = { size: 100 };
    expect(keepSmaller(original, { size: 99 })).toEqual({ size: 99 });
    expect(keepSmaller(original, { size: 100 })).toBe(original);
    expect(keepSmaller(original, null)).toBe(original);
  });

  it('names the result .jpg', () => {
    expect(jpegName('IMG_2031.png')).toBe('IMG_2031.jpg');
    expect(jpegName('汇款单.v2.webp')).toBe('汇款单.v2.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
  });
});
