import { getBlob } from '@/lib/http';

/** The quote PDF (server-made, in the customer's language), fetched with the session's token. */
export const fetchQuotePdf = (id: number) => getBlob('/quote/pdf', { id });

/** Saves a PDF under `fileName` through an object URL. */
export function savePdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a PDF in the browser's viewer, in a new tab, to print it from there. */
export function openPdf(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
