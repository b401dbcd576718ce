import type { Db } from '../../platform/database';
import { hashPassword } from '../../platform/passwords';
import { roleIdsByCode } from '../system/system.seed';
import { sysUsers, teamMembers, teams } from './employees.tables';

export interface SeededUser {
  uname: string;
  name: string;
  role: string;
}

export async function seedAdmin(db: Db, password: string): Promise<SeededUser> {
  const roleIds = await roleIdsByCode(db);
  await db.insert(sysUsers).values({
    uname: 'admin',
    name: 'Administrator',
    passwordHash: await hashPassword(password),
    roleId: roleIds.get('super_admin')!,
    employeeNo: 'E0001',
    hireDate: '2020-01-06',
  });
  return { uname: 'admin', name: 'Administrator', role: 'super_admin' };
}

const OFFICE_STAFF = [
  { uname: 'office', name: 'Linda Chen', role: 'office_manager', email: 'linda@tidyhouse.example', phone: '(650) 555-0101' },
  { uname: 'scheduler', name: 'Maria Garcia', role: 'scheduler', email: 'maria@tidyhouse.example', phone: '(650) 555-0102' },
  { uname: 'sales', name: 'Kevin Wu', role: 'sales', email: 'kevin@tidyhouse.example', phone: '(650) 555-0103' },
];

const TEAMS = [
  {
    name: 'Team Sunshine',
    color: '#fadb14',
    vehicle: 'Ford Transit 8KXJ214',
    mobile: '(650) 555-0201',
    members: ['Rosa Martinez', 'Ana Lopez'],
  },
  {
    name: 'Team Ocean',
    color: '#1677ff',
    vehicle: 'Toyota Sienna 7BRT552',
    mobile: '(650) 555-0202',
    members: ['Mei Lin', 'Grace Huang'],
  },
  {
    name: 'Team Forest',
    color: '#52c41a',
    vehicle: 'Honda Odyssey 9MNE310',
    mobile: '(650) 555-0203',
    members: ['Lucia Hernandez', 'Sofia Ramirez'],
  },
  {
    name: 'Team Coral',
    color: '#ff7a45',
    vehicle: 'Ford Transit 6PLW883',
    mobile: '(650) 555-0204',
    members: ['Jenny Zhao', 'Carmen Torres'],
  },
];

/** Office users of every seeded role and field teams; in demo mode all share the admin password. */
export async function seedDemoEmployees(db: Db, password: string): Promise<SeededUser[]> {
  const roleIds = await roleIdsByCode(db);
  const passwordHash = await hashPassword(password);
  const seeded: SeededUser[] = [];
  let employeeNo = 2;
  const nextNo = () => `E${String(employeeNo++).padStart(4, '0')}`;
  for (const staff of OFFICE_STAFF) {
    await db
      .insert(sysUsers)
      .values({ ...staff, passwordHash, roleId: roleIds.get(staff.role)!, employeeNo: nextNo(), hireDate: '2022-03-01' });
    seeded.push(staff);
  }
  for (const team of TEAMS) {
    const [row] = await db
      .insert(teams)
      .values({ name: team.name, color: team.color, vehicle: team.vehicle, mobile: team.mobile })
      .returning({ id: teams.id });
    for (const [index, name] of team.members.entries()) {
      const uname = name.toLowerCase().replace(/\s+/g, '.');
      const [user] = await db
        .insert(sysUsers)
        .values({ uname, name, passwordHash, roleId: roleIds.get('cleaner')!, employeeNo: nextNo(), hireDate: '2023-05-15' })
        .returning({ id: sysUsers.id });
      await db.insert(teamMembers).values({ teamId: row!.id, userId: user!.id, isLeader: index === 0 });
      seeded.push({ uname, name, role: 'cleaner' });
    }
  }
  return seeded;
}
