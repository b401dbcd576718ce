import type { RoleCode } from './fixtures';
import type { TestApp } from './helper';

/**
 * Every API endpoint with what the guard test needs (design.md §6, DEVELOPERS "What done means"):
 * the permission it must declare, a role that lacks it, a valid input and inputs that must be
 * refused with 10001 without changing anything. Each module lists its own endpoints in
 * `src/modules/<domain>/<domain>.endpoints.ts`; the guard test fails for a route with no row.
 */
export interface EndpointCase {
  path: string;
  method?: 'GET' | 'POST';
  permission: string;
  /** A seeded role without the key; required for endpoints with a permission key. */
  deniedRole?: RoleCode;
  allowedRole?: RoleCode;
  validBody?: (t: TestApp) => Promise<unknown> | unknown;
  badBodies: unknown[];
}

const modules = import.meta.glob<{ ENDPOINTS: EndpointCase[] }>('../src/modules/**/*.endpoints.ts', { eager: true });

export const ENDPOINTS: EndpointCase[] = Object.values(modules).flatMap((m) => m.ENDPOINTS);
