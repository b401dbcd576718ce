import { API_DOCS_KEY, PUBLIC } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';

export const ENDPOINTS: EndpointCase[] = [
  { path: '/health', method: 'GET', permission: PUBLIC, badBodies: [] },
  { path: '/openapi.json', method: 'GET', permission: API_DOCS_KEY, deniedRole: 'office_manager', badBodies: [] },
];
