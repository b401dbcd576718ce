import { createHash } from 'node:crypto';
import {
  Code,
  type CustomerDocument,
  DOCUMENT_TYPES,
  type DocumentExtension,
  type DocumentUploadRequest,
  documentExtension,
} from '@tidyhouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { AppError, notFound } from '../../platform/errors';
import { paged, totalCount } from '../../platform/list';
import type { FileReply } from '../../platform/route';
import { updateVersioned } from '../../platform/versioned';
import { sysUsers } from '../employees/employees.tables';
import { customerDocumentContents, customerDocuments, customers } from './customers.tables';
import { iso } from './mappers';

/** Customer documents (docs/business-rules.md "Documents"): at most 10 MB, seven types, content checked. */

const startsWith = (content: Buffer, bytes: number[]) => bytes.every((b, i) => content[i] === b);

const SIGNATURES: Record<DocumentExtension, (content: Buffer) => boolean> = {
  pdf: (c) => c.subarray(0, 5).toString('latin1') === '%PDF-',
  jpg: (c) => startsWith(c, [0xff, 0xd8, 0xff]),
  jpeg: (c) => startsWith(c, [0xff, 0xd8, 0xff]),
  png: (c) => startsWith(c, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  webp: (c) => c.subarray(0, 4).toString('latin1') === 'RIFF' && c.subarray(8, 12).toString('latin1') === 'WEBP',
  docx: (c) => startsWith(c, [0x50, 0x4b, 0x03, 0x04]) && c.includes('word/'),
  xlsx: (c) => startsWith(c, [0x50, 0x4b, 0x03, 0x04]) && c.includes('xl/'),
  txt: (c) => {
    if (c.includes(0)) return false;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(c);
      return true;
    } catch {
      return false;
    }
  },
};

const TYPE_NAMES: Record<DocumentExtension, string> = {
  pdf: 'PDF',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  docx: 'Word (.docx)',
  xlsx: 'Excel (.xlsx)',
  txt: 'UTF-8 text',
};

/** Decodes and checks an upload's content against the type its name announces (10001 otherwise). */
export function checkedContent(name: string, base64: string): { content: Buffer; mimeType: string } {
  const extension = documentExtension(name)!;
  const content = Buffer.from(base64, 'base64');
  if (!SIGNATURES[extension](content)) {
    throw new AppError(Code.INVALID_INPUT, 'customers.fileContentMismatch', {
      field: 'contentBase64',
      type: TYPE_NAMES[extension],
    });
  }
  return { content, mimeType: DOCUMENT_TYPES[extension] };
}

type DocumentRow = typeof customerDocuments.$inferSelect;

function toDocument(row: DocumentRow, uploadedBy: string | null): CustomerDocument {
  return {
    id: row.id,
    version: row.version,
    customerId: row.customerId,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    uploadedBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function uploadDocument(tx: Db, actorId: number, req: DocumentUploadRequest): Promise<CustomerDocument> {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, req.customerId), isNull(customers.deletedAt)));
  if (!customer) throw notFound('customers.customer');
  const { content, mimeType } = checkedContent(req.name, req.contentBase64);
  const [row] = await tx
    .insert(customerDocuments)
    .values({
      customerId: req.customerId,
      name: req.name,
      mimeType,
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await tx.insert(customerDocumentContents).values({ documentId: row!.id, content });
  return toDocument(row!, null);
}

export async function listDocuments(db: Db, req: { customerId: number; pageNum: number; pageSize: number }) {
  const query = db
    .select({ document: customerDocuments, uploadedBy: sysUsers.name, total: totalCount })
    .from(customerDocuments)
    .leftJoin(sysUsers, eq(sysUsers.id, customerDocuments.createdBy))
    .where(and(eq(customerDocuments.customerId, req.customerId), isNull(customerDocuments.deletedAt)))
    .orderBy(desc(customerDocuments.updatedAt), desc(customerDocuments.id))
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return { total, list: rows.map((r) => toDocument(r.document, r.uploadedBy)) };
}

export async function downloadDocument(db: Db, id: number): Promise<FileReply & { document: DocumentRow }> {
  const [row] = await db
    .select({ document: customerDocuments, content: customerDocumentContents.content })
    .from(customerDocuments)
    .innerJoin(customerDocumentContents, eq(customerDocumentContents.documentId, customerDocuments.id))
    .innerJoin(customers, eq(customers.id, customerDocuments.customerId))
    .where(and(eq(customerDocuments.id, id), isNull(customerDocuments.deletedAt), isNull(customers.deletedAt)));
  if (!row) throw notFound('customers.document');
  return { content: row.content, mimeType: row.document.mimeType, fileName: row.document.name, document: row.document };
}

/** Renaming keeps the type: the new name must end with an extension of the same type. */
export async function renameDocument(tx: Db, actorId: number, req: { id: number; version: number; name: string }) {
  const [current] = await tx.select().from(customerDocuments).where(eq(customerDocuments.id, req.id));
  if (!current || current.deletedAt) throw notFound('customers.document');
  const newType = DOCUMENT_TYPES[documentExtension(req.name)!];
  if (newType !== current.mimeType) {
    throw new AppError(Code.INVALID_INPUT, 'customers.renameChangesType', {
      field: 'name',
      extension: current.name.split('.').pop() ?? '',
    });
  }
  return updateVersioned(tx, customerDocuments, 'customers.document', req, { name: req.name }, actorId);
}

export async function removeDocument(tx: Db, actorId: number, req: { id: number; version: number }) {
  const { before } = await updateVersioned(tx, customerDocuments, 'customers.document', req, { deletedAt: new Date() }, actorId);
  return before;
}
