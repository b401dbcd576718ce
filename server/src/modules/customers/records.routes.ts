import {
  ZCustomerDocument,
  ZDocumentDownloadQuery,
  ZDocumentListRequest,
  ZDocumentListResponse,
  ZDocumentRenameRequest,
  ZDocumentUploadRequest,
  ZId,
  ZSaved,
  ZVersionedId,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineFileRoute } from '../../platform/route';
import { downloadDocument, listDocuments, removeDocument, renameDocument, uploadDocument } from './documents.service';
import { CUSTOMER_DETAIL, customerRoute } from './route';

/** Uploads carry base64 (a third larger than the file): room for a 10 MB file and a clear message beyond. */
const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024;

export async function recordsRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const route = customerRoute(app);

  // ---- Documents ----

  route({
    path: '/customerDocument/upload',
    summary: 'Upload a document for a customer',
    permission: CUSTOMER_DETAIL,
    body: ZDocumentUploadRequest,
    response: ZCustomerDocument,
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const document = await uploadDocument(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'uploadDocument',
          recordType: 'customerDocument',
          recordId: document.id,
          details: { params: { name: document.name, bytes: document.sizeBytes, customerId: document.customerId } },
        });
        return { ...document, uploadedBy: request.session!.name };
      }),
  });

  route({
    path: '/customerDocument/queryList',
    summary: "A customer's documents",
    permission: CUSTOMER_DETAIL,
    body: ZDocumentListRequest,
    response: ZDocumentListResponse,
    handler: (_request, body) => listDocuments(db, body),
  });

  defineFileRoute(app, {
    path: '/customerDocument/download',
    summary: 'Download a customer document (the file itself)',
    permission: CUSTOMER_DETAIL,
    query: ZDocumentDownloadQuery,
    handler: async (_request, query) => downloadDocument(db, query.id),
  });

  route({
    path: '/customerDocument/rename',
    summary: 'Rename a customer document',
    permission: CUSTOMER_DETAIL,
    body: ZDocumentRenameRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await renameDocument(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'renameDocument',
          recordType: 'customerDocument',
          recordId: after.id,
          details: { params: { from: before.name, to: after.name, customerId: after.customerId } },
          changes: { name: { from: before.name, to: after.name } },
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/customerDocument/remove',
    summary: 'Delete a customer document',
    permission: CUSTOMER_DETAIL,
    body: ZVersionedId,
    response: ZId,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const before = await removeDocument(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'removeDocument',
          recordType: 'customerDocument',
          recordId: before.id,
          details: { params: { name: before.name, customerId: before.customerId } },
        });
        return { id: before.id };
      }),
  });
}
