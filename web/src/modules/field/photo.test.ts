import { describe, expect, it, vi } from 'vitest';
import { fitWithin, PHOTO_MAX_SIDE, resizePhoto } from './photo';

describe('photos on the phone', () => {
  it('fit within the longer side, keeping the proportions, never enlarged', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: PHOTO_MAX_SIDE, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: PHOTO_MAX_SIDE });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('go as they are when the phone cannot redraw them and the server takes the type; else refused', async () => {
    // jsdom, like a browser that cannot decode the picture: no bitmap.
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('The source image could not be decoded.')));
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect(await resizePhoto(png)).toBe('data:image/png;base64,iVBORw==');
    await expect(resizePhoto(new Blob(['x'], { type: 'image/heic' }))).rejects.toThrow();
  });
});
