import { addDays } from '@tidyhouse/contract';
import { businessToday } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { bothLanguages } from '../../platform/demo-text';
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

/** A demo employee; `uname` defaults to first.last of the name. */
export interface DemoPerson {
  name: string;
  uname?: string;
  role: 'office_manager' | 'scheduler' | 'sales' | 'cleaner';
  hireDate: string;
  birthDate: string;
  location: string;
  phone: string;
  email?: string;
  referredBy?: string;
  license?: [string, string];
  emergency: [string, string];
  notes?: string;
  /** Demo states: a terminated employee (days ago, reason) and a frozen account. */
  terminated?: [number, string];
  frozen?: boolean;
}

/** Office staff of every office role (the skeleton's test users keep their user names). */
export const OFFICE: DemoPerson[] = [
  {
    name: 'Linda Chen',
    uname: 'office',
    role: 'office_manager',
    hireDate: '2021-02-01',
    birthDate: '1982-06-14',
    location: 'Burlingame office',
    phone: '(650) 555-0101',
    email: 'linda@tidyhouse.example',
    emergency: ['Robert Chen', '(650) 555-0181'],
    notes: bothLanguages('Runs the office; approves pay rates.', '管理办公室；审批薪资标准。'),
  },
  {
    name: 'Maria Garcia',
    uname: 'scheduler',
    role: 'scheduler',
    hireDate: '2022-03-01',
    birthDate: '1990-11-03',
    location: 'Burlingame office',
    phone: '(650) 555-0102',
    email: 'maria@tidyhouse.example',
    emergency: ['Jose Garcia', '(650) 555-0182'],
  },
  {
    name: 'Kevin Wu',
    uname: 'sales',
    role: 'sales',
    hireDate: '2022-03-01',
    birthDate: '1993-04-22',
    location: 'Burlingame office',
    phone: '(650) 555-0103',
    email: 'kevin@tidyhouse.example',
    emergency: ['Amy Wu', '(415) 555-0183'],
  },
  {
    name: 'Patricia Nguyen',
    role: 'office_manager',
    hireDate: '2023-09-05',
    birthDate: '1987-01-30',
    location: 'Burlingame office',
    phone: '(650) 555-0104',
    email: 'patricia@tidyhouse.example',
    emergency: ['Tuan Nguyen', '(408) 555-0184'],
    notes: bothLanguages('Payroll and hiring.', '负责工资和招聘。'),
  },
  {
    name: 'Wei Zhang',
    role: 'scheduler',
    hireDate: '2024-01-08',
    birthDate: '1995-08-17',
    location: 'Burlingame office',
    phone: '(650) 555-0105',
    email: 'wei@tidyhouse.example',
    emergency: ['Zhang Min', '(650) 555-0185'],
    notes: bothLanguages('Schedules the Chinese-speaking customers.', '负责中文客户的排期。'),
  },
  {
    name: 'Ashley Brooks',
    role: 'sales',
    hireDate: '2024-06-03',
    birthDate: '1998-02-09',
    location: 'Remote, San Jose',
    phone: '(408) 555-0106',
    email: 'ashley@tidyhouse.example',
    referredBy: 'Kevin Wu',
    emergency: ['Megan Brooks', '(408) 555-0186'],
  },
];

const cleaner = (
  name: string,
  hireDate: string,
  birthDate: string,
  location: string,
  phone: string,
  license: [string, string] | undefined,
  emergency: [string, string],
  extra: Partial<DemoPerson> = {},
): DemoPerson => ({ name, role: 'cleaner', hireDate, birthDate, location, phone, license, emergency, ...extra });

/** Field teams with their members; the first member leads. The cleaner rosa.martinez is a test user. */
export const TEAMS = [
  {
    name: 'Team Sunshine',
    color: '#fadb14',
    textColor: '#262626',
    vehicle: 'Ford Transit 8KXJ214',
    mobile: '(650) 555-0201',
    members: [
      cleaner(
        'Rosa Martinez',
        '2021-05-17',
        '1984-09-12',
        'Daly City',
        '(650) 555-0211',
        ['D4821377', '2028-09-12'],
        ['Luis Martinez', '(650) 555-0291'],
        { notes: bothLanguages('Trains new cleaners.', '培训新保洁员。') },
      ),
      cleaner('Ana Lopez', '2022-08-01', '1991-03-05', 'South San Francisco', '(650) 555-0212', undefined, [
        'Carlos Lopez',
        '(650) 555-0292',
      ]),
      cleaner(
        'Tomas Vargas',
        '2024-02-12',
        '1996-12-01',
        'San Bruno',
        '(650) 555-0213',
        ['V7730914', '2027-12-01'],
        ['Elena Vargas', '(650) 555-0293'],
        { frozen: true },
      ),
    ],
  },
  {
    name: 'Team Ocean',
    color: '#1677ff',
    textColor: '#ffffff',
    vehicle: 'Toyota Sienna 7BRT552',
    mobile: '(650) 555-0202',
    members: [
      cleaner(
        'Mei Lin',
        '2021-10-04',
        '1979-05-20',
        'San Mateo',
        '(650) 555-0221',
        ['L1958842', '2027-05-20'],
        ['Lin Jian', '(650) 555-0294'],
        { notes: bothLanguages('Speaks Mandarin and Cantonese.', '会说普通话和粤语。') },
      ),
      cleaner('Grace Huang', '2023-04-10', '1988-07-08', 'Foster City', '(650) 555-0222', undefined, [
        'David Huang',
        '(650) 555-0295',
      ]),
      cleaner('李秀英', '2024-03-18', '1975-10-26', 'San Mateo', '(650) 555-0223', undefined, ['王强', '(650) 555-0296'], {
        uname: 'xiuying.li',
        referredBy: 'Mei Lin',
      }),
    ],
  },
  {
    name: 'Team Forest',
    color: '#52c41a',
    textColor: '#ffffff',
    vehicle: 'Honda Odyssey 9MNE310',
    mobile: '(650) 555-0203',
    members: [
      cleaner(
        'Lucia Hernandez',
        '2022-01-24',
        '1986-02-14',
        'Redwood City',
        '(650) 555-0231',
        ['H3390217', '2029-02-14'],
        ['Miguel Hernandez', '(650) 555-0297'],
      ),
      cleaner('Sofia Ramirez', '2023-06-05', '1994-06-30', 'Redwood City', '(650) 555-0232', undefined, [
        'Ana Ramirez',
        '(650) 555-0298',
      ]),
      cleaner(
        'Elena Castillo',
        '2024-09-09',
        '1999-01-19',
        'San Carlos',
        '(650) 555-0233',
        ['C5521780', '2029-01-19'],
        ['Rafael Castillo', '(650) 555-0299'],
        { referredBy: 'Lucia Hernandez' },
      ),
    ],
  },
  {
    name: 'Team Coral',
    color: '#ff7a45',
    textColor: '#ffffff',
    vehicle: 'Ford Transit 6PLW883',
    mobile: '(650) 555-0204',
    members: [
      cleaner(
        'Jenny Zhao',
        '2022-05-16',
        '1989-11-11',
        'Millbrae',
        '(650) 555-0241',
        ['Z8812406', '2027-11-11'],
        ['Zhao Lei', '(650) 555-0301'],
      ),
      cleaner('Carmen Torres', '2023-02-27', '1983-08-25', 'San Bruno', '(650) 555-0242', undefined, [
        'Pedro Torres',
        '(650) 555-0302',
      ]),
      cleaner('王芳', '2025-01-13', '1992-04-02', 'Millbrae', '(650) 555-0243', undefined, ['Wang Jun', '(650) 555-0303'], {
        uname: 'fang.wang',
      }),
    ],
  },
  {
    name: 'Team Redwood',
    color: '#722ed1',
    textColor: '#ffffff',
    vehicle: 'Chevrolet Express 4TUV671',
    mobile: '(650) 555-0205',
    members: [
      cleaner(
        'Yesenia Flores',
        '2021-08-02',
        '1980-03-15',
        'East Palo Alto',
        '(650) 555-0251',
        ['F2249035', '2028-03-15'],
        ['Mario Flores', '(650) 555-0304'],
      ),
      cleaner(
        'Daniel Nguyen',
        '2023-11-06',
        '1997-09-09',
        'Menlo Park',
        '(650) 555-0252',
        ['N6604128', '2028-09-09'],
        ['Linh Nguyen', '(650) 555-0305'],
      ),
      cleaner('Guadalupe Reyes', '2024-05-20', '1990-12-12', 'East Palo Alto', '(650) 555-0253', undefined, [
        'Jesus Reyes',
        '(650) 555-0306',
      ]),
    ],
  },
];

/** Active cleaners in no team, and one who left (terminated, with history). */
export const UNASSIGNED: DemoPerson[] = [
  cleaner('Hong Liu', '', '2000-07-07', 'Daly City', '(650) 555-0261', undefined, ['Liu Yang', '(650) 555-0307'], {
    notes: bothLanguages('New hire: shadowing Team Ocean this month.', '新员工：本月跟随 Ocean 团队学习。'),
  }),
  cleaner(
    'Juan Morales',
    '2022-04-04',
    '1985-05-05',
    'San Mateo',
    '(650) 555-0262',
    ['M1170356', '2026-05-05'],
    ['Rosa Morales', '(650) 555-0308'],
    {
      terminated: [60, 'Moved to Sacramento'],
    },
  ),
];

export const unameOf = (p: DemoPerson) => p.uname ?? p.name.toLowerCase().replace(/\s+/g, '.');

/** Office users of every seeded role and field teams; in demo mode all share the admin password. */
export async function seedDemoEmployees(db: Db, password: string): Promise<SeededUser[]> {
  const roleIds = await roleIdsByCode(db);
  const passwordHash = await hashPassword(password);
  const today = await businessToday(db);
  const seeded: SeededUser[] = [];
  let employeeNo = 2;
  const insert = async (p: DemoPerson) => {
    const uname = unameOf(p);
    const [row] = await db
      .insert(sysUsers)
      .values({
        uname,
        name: p.name,
        passwordHash,
        roleId: roleIds.get(p.role)!,
        employeeNo: `E${String(employeeNo++).padStart(4, '0')}`,
        email: p.email ?? null,
        phone: p.phone,
        birthDate: p.birthDate,
        hireDate: p.hireDate || addDays(today, -10),
        location: p.location,
        referredBy: p.referredBy ?? null,
        driverLicenseNo: p.license?.[0] ?? null,
        driverLicenseExpiry: p.license?.[1] ?? null,
        emergencyContact: p.emergency[0],
        emergencyPhone: p.emergency[1],
        notes: p.notes ?? null,
        accountStatus: p.frozen ? 'frozen' : 'normal',
        status: p.terminated ? 'terminated' : 'active',
        terminatedOn: p.terminated ? addDays(today, -p.terminated[0]) : null,
        terminationReason: p.terminated?.[1] ?? null,
      })
      .returning({ id: sysUsers.id });
    seeded.push({ uname, name: p.name, role: p.role });
    return row!.id;
  };
  for (const person of OFFICE) await insert(person);
  for (const team of TEAMS) {
    const [row] = await db
      .insert(teams)
      .values({ name: team.name, color: team.color, textColor: team.textColor, vehicle: team.vehicle, mobile: team.mobile })
      .returning({ id: teams.id });
    for (const [index, person] of team.members.entries()) {
      const userId = await insert(person);
      await db.insert(teamMembers).values({ teamId: row!.id, userId, isLeader: index === 0 });
    }
  }
  for (const person of UNASSIGNED) await insert(person);
  // A team that was disbanded: inactive, no members.
  await db.insert(teams).values({ name: 'Team Evergreen', color: '#135200', textColor: '#ffffff', active: false });
  return seeded;
}
