import { BASE_PATH } from '@tidyhouse/contract';
import { getToken } from '@/lib/auth';

/** Photos are resized on the phone before they are kept and sent: a 12-megapixel shot becomes ~300 kB. */
export const PHOTO_MAX_SIDE = 1600;
const PHOTO_QUALITY = 0.8;

/** The size that fits within `max` on its longer side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** What the server takes as it is (it checks the type by content), when the phone cannot redraw a picture. */
const SENT_AS_IS = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The photo as a JPEG data URL no larger than PHOTO_MAX_SIDE, turned the way the camera held it. A
 * picture the browser cannot decode is sent as it is when the server would take it: a photo is never
 * lost to the resize.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    if (!SENT_AS_IS.includes(file.type) || file.size > MAX_BYTES) throw new Error('unreadable photo');
    return dataUrlOf(file);
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
}

/** A job photo's bytes (the API answers them only with the session's token), as an object URL. */
export async function photoObjectUrl(url: string): Promise<string> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', token);
  const path = url.startsWith(BASE_PATH) ? url : `${BASE_PATH}${url.replace(/^\/+/, '')}`;
  const response = await fetch(path, { headers });
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) throw new Error('no photo');
  return URL.createObjectURL(await response.blob());
}

function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
