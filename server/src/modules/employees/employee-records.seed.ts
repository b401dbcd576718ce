import { addDays } from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { businessToday } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { bothLanguages } from '../../platform/demo-text';
import { laborTypes, zones } from '../system/settings.tables';
import { demoAvatarPng } from './demo-avatar';
import { photoTagOf } from './employee-photos.service';
import { employeeLeaves, employeePayRates, employeeRemarks } from './employee-records.tables';
import { OFFICE, TEAMS, UNASSIGNED, unameOf } from './employees.seed';
import { employeePhotos, employeeSkills, skills, sysUsers, teamOutages, teams } from './employees.tables';

/** The skill list a new business starts with (names in both languages). */
export const DEMO_SKILLS: [string, string][] = [
  ['Deep cleaning', '深度清洁'],
  ['Move-out cleaning', '退房清洁'],
  ['Carpet cleaning', '地毯清洁'],
  ['Window cleaning', '窗户清洁'],
  ['Pet friendly', '可接受宠物'],
  ['Eco products', '环保清洁用品'],
  ['Chinese speaking', '会说中文'],
  ['Spanish speaking', '会说西班牙语'],
];

const SKILLS_OF: Record<string, string[]> = {
  'rosa.martinez': ['Deep cleaning', 'Move-out cleaning', 'Carpet cleaning', 'Spanish speaking'],
  'ana.lopez': ['Window cleaning', 'Pet friendly', 'Spanish speaking'],
  'tomas.vargas': ['Carpet cleaning', 'Spanish speaking'],
  'mei.lin': ['Deep cleaning', 'Eco products', 'Chinese speaking'],
  'grace.huang': ['Window cleaning', 'Chinese speaking'],
  'xiuying.li': ['Deep cleaning', 'Chinese speaking'],
  'lucia.hernandez': ['Move-out cleaning', 'Pet friendly', 'Spanish speaking'],
  'sofia.ramirez': ['Eco products', 'Spanish speaking'],
  'elena.castillo': ['Window cleaning', 'Pet friendly'],
  'jenny.zhao': ['Deep cleaning', 'Chinese speaking', 'Eco products'],
  'carmen.torres': ['Carpet cleaning', 'Spanish speaking'],
  'fang.wang': ['Chinese speaking', 'Pet friendly'],
  'yesenia.flores': ['Deep cleaning', 'Move-out cleaning', 'Spanish speaking'],
  'daniel.nguyen': ['Carpet cleaning', 'Window cleaning'],
  'guadalupe.reyes': ['Eco products', 'Spanish speaking'],
  'juan.morales': ['Move-out cleaning', 'Spanish speaking'],
  scheduler: ['Spanish speaking'],
  'wei.zhang': ['Chinese speaking'],
};

/** Base hourly rate of each cleaner in cents ($20–$32); semi-monthly salary of office staff. */
const HOURLY: Record<string, number> = {
  'rosa.martinez': 3200,
  'mei.lin': 3100,
  'yesenia.flores': 3050,
  'lucia.hernandez': 2900,
  'jenny.zhao': 2850,
  'ana.lopez': 2600,
  'grace.huang': 2500,
  'carmen.torres': 2500,
  'sofia.ramirez': 2400,
  'daniel.nguyen': 2350,
  'tomas.vargas': 2200,
  'xiuying.li': 2200,
  'guadalupe.reyes': 2150,
  'elena.castillo': 2100,
  'fang.wang': 2000,
  'juan.morales': 2300,
};
/** Cleaners paid a percentage of each job's price (basis points), the trade's most common model (issue 11). */
const PERCENTAGE: Record<string, number> = {
  'jenny.zhao': 4000,
  'fang.wang': 3500,
};
const SALARY: Record<string, number> = {
  office: 312_500,
  'patricia.nguyen': 287_500,
  scheduler: 254_200,
  'wei.zhang': 233_400,
  sales: 229_200,
  'ashley.brooks': 216_700,
};

const PHOTOS: Record<string, [number, number, number]> = {
  'rosa.martinez': [212, 107, 8],
  'mei.lin': [22, 119, 255],
  office: [114, 46, 209],
  sales: [19, 194, 194],
  'yesenia.flores': [82, 196, 26],
};

/** Skills (always useful) and, in demo mode, the employees' skills, pay, remarks, leave, photos and outages. */
export async function seedDemoEmployeeRecords(db: Db): Promise<void> {
  const today = await businessToday(db);
  const people = [...OFFICE, ...TEAMS.flatMap((t) => t.members), ...UNASSIGNED];
  const users = await db
    .select({ id: sysUsers.id, uname: sysUsers.uname, hireDate: sysUsers.hireDate })
    .from(sysUsers)
    .where(inArray(sysUsers.uname, people.map(unameOf)));
  const idOf = (uname: string) => users.find((u) => u.uname === uname)!.id;
  const officeId = idOf('office');

  const skillRows = await db
    .insert(skills)
    .values(DEMO_SKILLS.map(([nameEn, nameZh], i) => ({ nameEn, nameZh, sortOrder: (i + 1) * 10, createdBy: officeId })))
    .returning({ id: skills.id, nameEn: skills.nameEn });
  const skillId = (name: string) => skillRows.find((s) => s.nameEn === name)!.id;
  await db
    .insert(employeeSkills)
    .values(
      Object.entries(SKILLS_OF).flatMap(([uname, names]) => names.map((n) => ({ userId: idOf(uname), skillId: skillId(n) }))),
    );

  // Labor types and zones belong to system set-up: use them when they exist, else leave them empty.
  const types = await db
    .select({ id: laborTypes.id, nameEn: laborTypes.nameEn })
    .from(laborTypes)
    .where(and(isNull(laborTypes.deletedAt), eq(laborTypes.active, true)))
    .orderBy(asc(laborTypes.sortOrder), asc(laborTypes.id));
  const typeLike = (pattern: RegExp) => (types.find((t) => pattern.test(t.nameEn)) ?? types[0])?.id ?? null;
  const cleaningType = typeLike(/regular|clean/i);
  const officeType = typeLike(/office|admin/i);

  const rates: (typeof employeePayRates.$inferInsert)[] = [];
  const base = { createdBy: officeId, updatedBy: officeId, isPaid: true };
  for (const user of users) {
    const hire = user.hireDate ?? '2024-01-01';
    const hourly = HOURLY[user.uname];
    const salary = SALARY[user.uname];
    const raiseOn = addDays(today, -90);
    const percentage = PERCENTAGE[user.uname];
    if (percentage) {
      rates.push({
        ...base,
        userId: user.id,
        payType: 'percentage',
        rateCents: percentage,
        laborTypeId: cleaningType,
        effectiveFrom: hire,
        note: bothLanguages('Percentage of each job price', '按工单价格提成'),
      });
    } else if (hourly) {
      if (hire < addDays(raiseOn, -30) && user.uname !== 'juan.morales') {
        rates.push({
          ...base,
          userId: user.id,
          payType: 'hourly',
          rateCents: hourly - 150,
          laborTypeId: cleaningType,
          effectiveFrom: hire,
          note: bothLanguages('Starting rate', '起始薪资'),
        });
        rates.push({
          ...base,
          userId: user.id,
          payType: 'hourly',
          rateCents: hourly,
          laborTypeId: cleaningType,
          effectiveFrom: raiseOn,
          note: bothLanguages('Annual review', '年度调薪'),
        });
      } else {
        rates.push({
          ...base,
          userId: user.id,
          payType: 'hourly',
          rateCents: hourly,
          laborTypeId: cleaningType,
          effectiveFrom: hire,
          note: bothLanguages('Starting rate', '起始薪资'),
        });
      }
    }
    if (salary) {
      rates.push({
        ...base,
        userId: user.id,
        payType: 'salary',
        rateCents: salary,
        laborTypeId: officeType,
        effectiveFrom: hire,
        note: bothLanguages('Per semi-monthly pay period', '每半月发薪周期'),
      });
    }
  }
  rates.push({
    ...base,
    userId: idOf('rosa.martinez'),
    payType: 'hourly',
    rateCents: 3300,
    laborTypeId: cleaningType,
    effectiveFrom: addDays(today, 20),
    note: bothLanguages('Promotion to senior trainer', '晋升为高级培训师'),
  });
  await db.insert(employeePayRates).values(rates);

  const remark = (uname: string, days: number, content: string) => ({
    userId: idOf(uname),
    remarkDate: addDays(today, days),
    content,
    authorId: officeId,
    createdBy: officeId,
    updatedBy: officeId,
  });
  await db
    .insert(employeeRemarks)
    .values([
      remark(
        'rosa.martinez',
        -120,
        bothLanguages(
          'Customer Mrs. Patel (Hillsborough) asked for Rosa by name again. Great feedback.',
          '客户 Patel 太太（Hillsborough）再次点名要 Rosa，评价很好。',
        ),
      ),
      remark(
        'rosa.martinez',
        -14,
        bothLanguages('Trained Elena Castillo on move-out checklists this week.', '本周培训 Elena Castillo 使用退房清洁清单。'),
      ),
      remark(
        'tomas.vargas',
        -3,
        bothLanguages(
          'Account frozen: the key of the Palo Alto customer was not returned to the office. Review with Linda.',
          '账户已冻结：Palo Alto 客户的钥匙未交回办公室，需与 Linda 复核。',
        ),
      ),
      remark(
        'juan.morales',
        -60,
        bothLanguages('Last day. Returned uniform, badge and van key.', '最后一天，已交回制服、工牌和车钥匙。'),
      ),
      remark('xiuying.li', -30, bothLanguages('Great customer feedback; careful work.', '客户反馈非常好，做事细心。')),
      remark(
        'daniel.nguyen',
        -10,
        bothLanguages('Called in sick; Team Redwood covered with two people.', '请病假；Redwood 团队两人顶班。'),
      ),
    ]);

  const leave = (uname: string, from: number, to: number, reason: string, times?: [string, string]) => ({
    userId: idOf(uname),
    startDate: addDays(today, from),
    endDate: addDays(today, to),
    allDay: !times,
    startTime: times?.[0] ?? null,
    endTime: times?.[1] ?? null,
    reason,
    createdBy: officeId,
    updatedBy: officeId,
  });
  await db
    .insert(employeeLeaves)
    .values([
      leave('ana.lopez', -40, -38, bothLanguages('Family visit in Fresno', '去 Fresno 探亲')),
      leave('daniel.nguyen', -10, -10, bothLanguages('Sick day', '病假')),
      leave('carmen.torres', 3, 3, bothLanguages('Dentist appointment', '看牙医'), ['13:00', '17:00']),
      leave('mei.lin', 12, 16, bothLanguages('Vacation', '休假')),
      leave('lucia.hernandez', 30, 34, bothLanguages('Trip to Guadalajara', '去 Guadalajara 旅行')),
    ]);

  await db.insert(employeePhotos).values(
    Object.entries(PHOTOS).map(([uname, rgb]) => {
      const bytes = demoAvatarPng(rgb);
      return {
        userId: idOf(uname),
        contentType: 'image/png',
        bytes,
        sizeBytes: bytes.length,
        tag: photoTagOf(bytes),
        updatedBy: officeId,
      };
    }),
  );

  const teamRows = await db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.id));
  const teamId = (name: string) => teamRows.find((t) => t.name === name)!.id;
  await db.insert(teamOutages).values([
    {
      teamId: teamId('Team Forest'),
      startDate: addDays(today, -20),
      endDate: addDays(today, -20),
      reason: bothLanguages('Team training day', '团队培训日'),
      createdBy: officeId,
    },
    {
      teamId: teamId('Team Ocean'),
      startDate: addDays(today, 7),
      endDate: addDays(today, 8),
      reason: bothLanguages('Van in the shop for brakes', '货车在修理厂修刹车'),
      createdBy: officeId,
    },
  ]);
  const zoneRows = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(isNull(zones.deletedAt), eq(zones.active, true)))
    .orderBy(asc(zones.id));
  if (zoneRows.length) {
    for (const [i, team] of teamRows.entries()) {
      await db
        .update(teams)
        .set({ defaultZoneId: zoneRows[i % zoneRows.length]!.id })
        .where(eq(teams.id, team.id));
    }
  }
}
