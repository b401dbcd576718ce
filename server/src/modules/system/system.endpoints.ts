import { PUBLIC } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';

export const ENDPOINTS: EndpointCase[] = [{ path: '/health', method: 'GET', permission: PUBLIC, badBodies: [] }];
