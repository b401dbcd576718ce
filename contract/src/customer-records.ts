import { z } from 'zod';
import { whenMissing } from './fields';
import { ZRecordId, ZRecordIdQuery, ZVersion } from './ids';
import { listResponseOf, ZListRequest } from './list';

/** A customer's documents (spec §3 Customer); payments and refunds are billing's (billing/payments.ts). */

// ---- Documents (/customerDocument/*) ----

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Accepted document types by file extension, with the type the download answers. */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;

export function documentExtension(fileName: string): DocumentExtension | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext && Object.hasOwn(DOCUMENT_TYPES, ext) ? (ext as DocumentExtension) : null;
}

/** Decoded size of base64 text, without decoding it. */
export function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

export const ZDocumentName = z
  .string({ error: whenMissing('validation.fileNameRequired') })
  .trim()
  .min(1, { error: 'validation.fileNameRequired' })
  .max(160)
  .refine((v) => ![...v].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 32), {
    error: 'must not contain / \\ or control characters',
  })
  .refine((v) => documentExtension(v) !== null, { error: 'validation.fileTypeNotAllowed' });

export const ZDocumentUploadRequest = z.object({
  customerId: ZRecordId,
  /** The file name with its extension (it decides the type; the content must match it). */
  name: ZDocumentName,
  contentBase64: z
    .string()
    .min(1, { error: 'validation.fileEmpty' })
    .refine((v) => base64Size(v) <= DOCUMENT_MAX_BYTES, { error: 'validation.fileTooLarge' })
    .refine((v) => v.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(v), { error: 'must be base64 text' }),
});
export type DocumentUploadRequest = z.infer<typeof ZDocumentUploadRequest>;

export const ZDocumentListRequest = ZListRequest.extend({ customerId: ZRecordId });

export const ZCustomerDocument = z.object({
  id: z.number().int(),
  version: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Last update: upload or rename. */
  updatedAt: z.string(),
});
export type CustomerDocument = z.infer<typeof ZCustomerDocument>;
export const ZDocumentListResponse = listResponseOf(ZCustomerDocument);

export const ZDocumentRenameRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  name: ZDocumentName,
});

/** GET /customerDocument/download?id=… answers the file itself (binary, attachment). */
export const ZDocumentDownloadQuery = z.object({ id: ZRecordIdQuery });
