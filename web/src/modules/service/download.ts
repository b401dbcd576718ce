import { getToken } from '@/lib/auth';
import { apiUrl, type QueryParams } from '@/lib/http';
import { currentLocale } from '@/lib/i18n';
import { showError } from '@/lib/notify';

/** The file name of a content-disposition header (RFC 5987 `filename*` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Fetches a file the server makes (a GET route answering the file, design.md §3) with the session's
 * token and language, and saves it. A failure answers the envelope: its message is shown.
 */
export async function downloadFile(url: string, params: QueryParams, fallbackName: string, failed: string): Promise<boolean> {
  const headers = new Headers({ 'Accept-Language': currentLocale() });
  const token = getToken();
  if (token) headers.set('Authorization', token);
  const response = await fetch(apiUrl(url, params), { headers });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    showError(body?.message || failed);
    return false;
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return true;
}
