import type { EndpointCase } from '../../../test/endpoints';
import { customerWith, rowOf } from './customers.fixtures';

const DETAIL = '/customer/customerdetail';
const _MANAGE = 'customer:payments:manage';
const text = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/customerDocument/upload',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      customerId: (await customerWith(t, `status = 'active'`)).id,
      name: 'Walkthrough 2026-11.txt',
      contentBase64: text('Kitchen first, then the bathrooms.\n'),
    }),
    badBodies: [
      {},
      { customerId: 1, name: 'virus.exe', contentBase64: text('MZ') },
      { customerId: 1, name: '', contentBase64: text('hi') },
      { customerId: 1, name: 'notes.txt', contentBase64: '' },
      { customerId: 1, name: 'notes.txt', contentBase64: 'not base64!' },
      { customerId: 1, name: '../../etc/passwd.txt', contentBase64: text('x') },
    ],
  },
  {
    path: '/customerDocument/queryList',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      customerId: (await customerWith(t, 'exists (select 1 from customer_documents d where d.customer_id = c.id)')).id,
    }),
    badBodies: [{}, { customerId: 1, pageSize: 0 }],
  },
  {
    path: '/customerDocument/download',
    method: 'GET',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await rowOf(t, 'customer_documents', 'deleted_at is null')).id }),
    badBodies: [{ id: 'abc' }, { id: -2 }],
  },
  {
    path: '/customerDocument/rename',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      ...(await rowOf(t, 'customer_documents', `deleted_at is null and mime_type = 'application/pdf'`)),
      name: 'Signed service agreement.pdf',
    }),
    badBodies: [{}, { id: 1, version: 1, name: '' }, { id: 1, version: 1, name: 'agreement.zip' }],
  },
  {
    path: '/customerDocument/remove',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => rowOf(t, 'customer_documents', `deleted_at is null and mime_type = 'text/plain'`, 'id desc'),
    badBodies: [{}, { id: 1 }],
  },
];
