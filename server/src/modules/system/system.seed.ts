import { count, eq } from 'drizzle-orm';
import { BUSINESS_PROFILE_ID } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { ROLE_PRESETS } from './role-presets';
import { businessProfile, rolePermissions, roles } from './system.tables';

/** Roles a new business starts with (configuration, seeded with or without demo data). */
export async function seedRoles(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(roles);
  if (Number(existing?.n) > 0) return;
  for (const preset of ROLE_PRESETS) {
    const [role] = await db
      .insert(roles)
      .values({
        code: preset.code,
        nameEn: preset.nameEn,
        nameZh: preset.nameZh,
        description: preset.description,
        descriptionZh: preset.descriptionZh,
        isSuper: preset.isSuper ?? false,
      })
      .returning({ id: roles.id });
    const keys = [...new Set(preset.keys)];
    if (keys.length) await db.insert(rolePermissions).values(keys.map((key) => ({ roleId: role!.id, key })));
  }
}

export async function seedBusinessProfile(db: Db, demo: boolean): Promise<void> {
  const [row] = await db
    .select({ id: businessProfile.id })
    .from(businessProfile)
    .where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  if (row) return;
  await db
    .insert(businessProfile)
    .overridingSystemValue()
    .values(
      demo
        ? {
            id: BUSINESS_PROFILE_ID,
            name: 'Tidyhouse Home Services',
            legalName: 'Tidyhouse Home Services LLC',
            street: '1250 Bayshore Highway',
            suite: 'Suite 210',
            city: 'Burlingame',
            state: 'CA',
            zip: '94010',
            phone: '(650) 555-0142',
            email: 'office@tidyhouse.example',
            salesTaxBps: 0,
          }
        : { id: BUSINESS_PROFILE_ID, name: 'Tidyhouse' },
    );
}

export async function roleIdsByCode(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  return new Map(rows.map((r) => [r.code, r.id]));
}
