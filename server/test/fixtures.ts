/** The password every seeded test user has. */
export const TEST_PASSWORD = 'Tidy-test-pass-1';
export const TEST_SECRET_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** A demo user of each seeded role (see employees.seed.ts). */
export const USER_OF_ROLE = {
  super_admin: 'admin',
  office_manager: 'office',
  scheduler: 'scheduler',
  sales: 'sales',
  cleaner: 'rosa.martinez',
} as const;
export type RoleCode = keyof typeof USER_OF_ROLE;

export const templateDatabaseName = (base: string) => `${base}_tpl`;
