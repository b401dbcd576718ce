import { createHash } from 'node:crypto';
import {
  addressKey,
  CONNECT_PURPOSES,
  CONNECT_TYPES,
  CONTACT_METHODS,
  CUSTOMER_SOURCES,
  type CustomerStatus,
  type HouseType,
  INVOICE_TYPES,
  JOB_FREQUENCIES,
  PAYMENT_METHODS,
  REFUND_REASONS,
} from '@tidyhouse/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { bothLanguages } from '../../platform/demo-text';
import type { Secrets } from '../../platform/secrets';
import { customerPayments, customerRefunds } from '../billing/payments/payments.tables';
import { sysUsers, teams } from '../employees/employees.tables';
import { zoneZips } from '../system/settings.tables';
import { roles } from '../system/system.tables';
import {
  connectRecords,
  customerDocumentContents,
  customerDocuments,
  customerKeyEvents,
  customerLocations,
  customerPreferences,
  customerSearchTerms,
  customers,
} from './customers.tables';
import {
  COMPANIES,
  demoAddress,
  demoEmail,
  demoName,
  demoPdf,
  demoPhone,
  type Random,
  randomSource,
  shiftDate,
} from './demo-data';
import { businessToday } from './lookups';
import { termsOf } from './search-terms';

/** Demo customers (docs: README "Demo data"): inserted in batches so the first start stays fast. */

export interface SeededCustomer {
  id: number;
  name: string;
  phone1: string;
  email: string;
  language: 'en' | 'zh';
  address: ReturnType<typeof demoAddress>;
  zoneId: number | null;
  houseType: HouseType;
  sqft: number;
  commercial: boolean;
  status: CustomerStatus;
  serviceTeamId: number | null;
  source: (typeof CUSTOMER_SOURCES)[number] | null;
  channel: string;
}

export async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const CHANNELS = ['Google Ads', 'Nextdoor', 'Yelp', 'Spring mailer 2026', 'Referral program', 'Facebook'] as const;
const HOUSE_TYPES_WEIGHTED: HouseType[] = ['house', 'house', 'house', 'house', 'townhouse', 'condo', 'apartment'];

/** Takes random draws whose values are no longer used (spread as nothing), keeping the sequence. */
function drawsKept(draw: () => unknown): Record<string, never> {
  draw();
  return {};
}

function moment(date: string, r: Random): Date {
  return new Date(`${date}T${String(r.int(16, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00Z`);
}

export async function seedDemoCustomers(db: Db, secrets: Secrets | null, count = 300): Promise<SeededCustomer[]> {
  const r = randomSource(20_261_122);
  const today = await businessToday(db);
  const teamIds = (await db.select({ id: teams.id }).from(teams)).map((t) => t.id);
  const people = await db
    .select({ id: sysUsers.id, role: roles.code })
    .from(sysUsers)
    .innerJoin(roles, eq(roles.id, sysUsers.roleId));
  const office = people.filter((p) => p.role !== 'cleaner').map((p) => p.id);
  const cleaners = people.filter((p) => p.role === 'cleaner').map((p) => p.id);
  const zipRows = await db.select().from(zoneZips).where(eq(zoneZips.kind, 'primary'));
  const zoneOf = new Map(zipRows.map((z) => [z.zip, z.zoneId]));

  const plans = Array.from({ length: count }, (_, index) => {
    const commercial = index % 20 === 7;
    const person = demoName(r);
    const company = commercial ? COMPANIES[index % COMPANIES.length]! : '';
    const roll = r.next();
    const status: CustomerStatus = roll < 0.7 ? 'active' : roll < 0.85 ? 'prospect' : 'inactive';
    const address = demoAddress(r);
    const createdOn = shiftDate(today, r.int(30, 720));
    return {
      person,
      company,
      commercial,
      status,
      address,
      createdOn,
      phone1: demoPhone(index + 11),
      email: demoEmail(person, index),
      source: r.chance(0.9) ? r.pick(CUSTOMER_SOURCES) : null,
      channel: r.chance(0.6) ? r.pick(CHANNELS) : '',
      serviceTeamId: status === 'active' && teamIds.length ? r.pick(teamIds) : null,
      houseType: commercial ? ('office' as HouseType) : r.pick(HOUSE_TYPES_WEIGHTED),
      sqft: commercial ? r.int(12, 60) * 100 : r.int(8, 42) * 100,
      createdBy: office.length ? r.pick(office) : null,
    };
  });

  const inserted = await db
    .insert(customers)
    .values(
      plans.map((p, index) => ({
        name: p.commercial ? p.company : p.person.name,
        company: p.company,
        phone1: p.phone1,
        phone2: r.chance(0.3) ? demoPhone(index + 5000, '415') : '',
        email: p.email,
        language: p.person.language,
        source: p.source,
        channel: p.channel,
        note: p.commercial
          ? bothLanguages('Clean after 6 pm, alarm panel by the back door.', '下午 6 点后打扫，警报面板在后门旁。')
          : r.chance(0.2)
            ? bothLanguages('Prefers the same team every visit.', '希望每次都是同一个团队。')
            : '',
        status: p.status,
        serviceTeamId: p.serviceTeamId,
        // Next and last service dates come from the jobs (migration 0027); the draws that once made them
        // up are still taken, so the rest of the demo data stays as it was.
        ...drawsKept(() => [
          p.status === 'active' && r.int(0, 20),
          p.status !== 'prospect' && r.int(1, p.status === 'active' ? 28 : 200),
        ]),
        address1: p.address.address1,
        city: p.address.city,
        zip: p.address.zip,
        zoneId: zoneOf.get(p.address.zip) ?? null,
        cardBrand: p.status === 'active' && r.chance(0.5) ? r.pick(['visa', 'mastercard', 'amex', 'discover'] as const) : null,
        cardLast4: String(r.int(1000, 9999)),
        cardExpMonth: r.int(1, 12),
        cardExpYear: r.int(2027, 2031),
        cardHolderName: p.person.name,
        createdBy: p.createdBy,
        updatedBy: p.createdBy,
        createdAt: moment(p.createdOn, r),
        updatedAt: moment(p.createdOn, r),
      })),
    )
    .returning({ id: customers.id, cardBrand: customers.cardBrand });
  // A card without a brand is no card: clear the other card columns of those rows.
  const withoutCard = inserted.filter((c) => c.cardBrand === null).map((c) => c.id);
  if (withoutCard.length) {
    await db
      .update(customers)
      .set({ cardLast4: null, cardExpMonth: null, cardExpYear: null, cardHolderName: '' })
      .where(inArray(customers.id, withoutCard));
  }

  // Locations: every customer has one (primary); some have a second (rental, parents' home).
  const code = (digits: number) => String(r.int(10 ** (digits - 1), 10 ** digits - 1));
  const encrypt = (plain: string | null) => (plain && secrets ? secrets.encrypt(plain) : null);
  let tagNo = 100;
  const locationPlans = plans.flatMap((p, index) => {
    const customerId = inserted[index]!.id;
    const places = [{ address: p.address, name: p.commercial ? 'Office' : 'Home', primary: true }];
    if (!p.commercial && r.chance(0.18))
      places.push({ address: demoAddress(r), name: r.pick(['Rental unit', "Parents' home", 'Guest cottage']), primary: false });
    return places.map((place) => {
      const hasKey = r.chance(0.4);
      const where = r.next();
      const keyLocation = hasKey ? (where < 0.6 ? 'office_safe' : where < 0.85 ? 'with_team' : 'with_customer') : null;
      const holder = keyLocation === 'with_team' && cleaners.length ? r.pick(cleaners) : null;
      return {
        customerId,
        name: place.name,
        address1: place.address.address1,
        address2: place.address.address2,
        city: place.address.city,
        state: 'CA',
        zip: place.address.zip,
        zoneId: zoneOf.get(place.address.zip) ?? null,
        addressKey: addressKey(place.address.address1, place.address.zip),
        primaryContact: p.commercial ? `${p.person.name} (office manager / 办公室经理)` : p.person.name,
        contactPhone: p.phone1,
        houseType: p.houseType,
        sqft: p.sqft,
        accessNotes: r.chance(0.3)
          ? r.pick([
              bothLanguages('Park in the driveway.', '请停在车道上。'),
              bothLanguages('Side gate, dog in the yard.', '走侧门，院子里有狗。'),
              bothLanguages('Use the garage entrance.', '请走车库入口。'),
            ])
          : '',
        isPrimary: place.primary,
        keyCodeEncrypted: encrypt(r.chance(0.5) ? code(4) : null),
        alarmCodeEncrypted: encrypt(r.chance(0.35) ? code(5) : null),
        gateCodeEncrypted: encrypt(r.chance(0.2) ? `#${code(4)}` : null),
        keyTag: hasKey ? `K-${tagNo++}` : '',
        keyLocation: keyLocation as 'office_safe' | 'with_team' | 'with_customer' | null,
        keyHolderId: holder,
        keyCheckedOutAt: holder ? moment(shiftDate(today, r.int(0, 3)), r) : null,
        createdBy: p.createdBy,
        updatedBy: p.createdBy,
      };
    });
  });
  const locationIds: { id: number; keyTag: string; keyLocation: string | null; keyHolderId: number | null }[] = [];
  await insertInChunks(locationPlans, 500, async (chunk) => {
    locationIds.push(
      ...(await db.insert(customerLocations).values(chunk).returning({
        id: customerLocations.id,
        keyTag: customerLocations.keyTag,
        keyLocation: customerLocations.keyLocation,
        keyHolderId: customerLocations.keyHolderId,
      })),
    );
  });
  const keyEvents = locationIds
    .filter((l) => l.keyTag)
    .map((l) => ({
      locationId: l.id,
      action: l.keyLocation === 'with_team' ? 'check_out' : l.keyLocation === 'office_safe' ? 'check_in' : 'to_customer',
      keyTag: l.keyTag,
      keyLocation: l.keyLocation as 'office_safe' | 'with_team' | 'with_customer',
      holderId: l.keyHolderId,
      actorId: office[0] ?? null,
    }));
  if (keyEvents.length) await db.insert(customerKeyEvents).values(keyEvents);

  const terms = plans.flatMap((p, index) => {
    const id = inserted[index]!.id;
    const places = locationPlans.filter((l) => l.customerId === id);
    const name = p.commercial ? p.company : p.person.name;
    return termsOf({ name, company: p.company, email: p.email, phones: [p.phone1], places }).map((term) => ({
      customerId: id,
      term,
      sortName: name,
    }));
  });
  await insertInChunks(terms, 2000, (chunk) => db.insert(customerSearchTerms).values(chunk).onConflictDoNothing());

  await db.insert(customerPreferences).values(
    plans.map((p, index) => ({
      customerId: inserted[index]!.id,
      noticeMethod: r.pick(CONTACT_METHODS),
      scheduledMethod: r.pick(CONTACT_METHODS),
      invoiceType: r.pick(INVOICE_TYPES),
      paymentMethod: r.pick(PAYMENT_METHODS),
      healthConcern: r.chance(0.15)
        ? r.pick([
            bothLanguages('Allergic to bleach: fragrance-free products only.', '对漂白剂过敏：只用无香型产品。'),
            bothLanguages('Asthma: no sprays.', '有哮喘：不要用喷雾。'),
            bothLanguages('Cat allergy in the family.', '家人对猫过敏。'),
          ])
        : '',
      preferredTeamId: p.serviceTeamId,
      preferredStartTime: r.chance(0.6) ? r.pick(['08:30', '09:00', '10:00', '13:00']) : null,
      frequency: p.status === 'prospect' ? null : r.pick(JOB_FREQUENCIES),
      noteDirections: r.chance(0.3)
        ? bothLanguages('Please vacuum under the beds and wipe the baseboards.', '请吸床底并擦踢脚线。')
        : '',
      travelDirections: r.chance(0.2)
        ? bothLanguages('Street parking only on weekdays; avoid the red curb.', '工作日只能路边停车；不要停在红色路沿。')
        : '',
      createdBy: p.createdBy,
      updatedBy: p.createdBy,
    })),
  );

  // Payments on account (the jobs' own payments come with the jobs, plans.seed): every fifth customer
  // who has been served paid ahead and holds a credit (billing/balances applies them to invoices);
  // a few voided with their reversal; some refunds. The others' draws are made all the same, so the
  // demo data after them stays as it was.
  const payments = plans.flatMap((p, index) => {
    if (p.status === 'prospect') return [];
    const paidAhead = index % 5 === 0;
    return Array.from({ length: r.int(1, 6) }, () => {
      const method = r.pick(PAYMENT_METHODS);
      return {
        customerId: inserted[index]!.id,
        kind: 'payment' as const,
        paidOn: shiftDate(today, r.int(1, 360)),
        amountCents: r.int(120, 420) * 100 + r.pick([0, 0, 50]),
        gratuityCents: r.chance(0.4) ? r.int(10, 40) * 100 : 0,
        method,
        checkNumber: method === 'check' ? String(r.int(1001, 9999)) : '',
        cardLast4: method === 'credit_card' ? String(r.int(1000, 9999)) : '',
        note: '',
        createdBy: p.createdBy,
        updatedBy: p.createdBy,
      };
    }).filter(() => paidAhead);
  });
  const paymentRows: { id: number; customerId: number; amountCents: number; gratuityCents: number; method: string }[] = [];
  await insertInChunks(payments, 500, async (chunk) => {
    paymentRows.push(
      ...(await db.insert(customerPayments).values(chunk).returning({
        id: customerPayments.id,
        customerId: customerPayments.customerId,
        amountCents: customerPayments.amountCents,
        gratuityCents: customerPayments.gratuityCents,
        method: customerPayments.method,
      })),
    );
  });
  const voided = paymentRows.filter((_, i) => i % 97 === 13);
  for (const payment of voided) {
    const [reversal] = await db
      .insert(customerPayments)
      .values({
        customerId: payment.customerId,
        kind: 'reversal',
        paidOn: shiftDate(today, 1),
        amountCents: -payment.amountCents,
        gratuityCents: -payment.gratuityCents,
        method: payment.method as (typeof PAYMENT_METHODS)[number],
        note: bothLanguages('Check returned by the bank', '支票被银行退回'),
        reversalOfId: payment.id,
      })
      .returning({ id: customerPayments.id });
    await db.update(customerPayments).set({ reversedById: reversal!.id, version: 2 }).where(eq(customerPayments.id, payment.id));
  }
  // Each refund returns part of one payment that stands, so refunds never exceed what was received.
  const refunds = paymentRows
    .filter((payment, i) => i % 61 === 5 && !voided.includes(payment))
    .map((payment, i) => ({
      customerId: payment.customerId,
      refundedOn: shiftDate(today, r.int(1, 60)),
      amountCents: Math.min(payment.amountCents, r.int(2, 8) * 1000),
      reason: REFUND_REASONS[i % REFUND_REASONS.length]!,
      status: i % 3 === 0 ? ('not_refunded' as const) : ('refunded' as const),
      note:
        i % 3 === 0
          ? bothLanguages('Waiting for the manager to approve.', '等待经理批准。')
          : bothLanguages('Refunded to the original card.', '已退回原卡。'),
    }));
  if (refunds.length) await db.insert(customerRefunds).values(refunds);

  // Communications: a few per customer, some follow-ups due today or overdue.
  const SUBJECTS = {
    follow_up: bothLanguages('Checked in after the first clean', '首次清洁后回访'),
    quote: bothLanguages('Asked for a quote for a deep clean', '询问深度清洁报价'),
    scheduling: bothLanguages('Moved next visit to Thursday', '下次上门改到周四'),
    service_feedback: bothLanguages('Happy with the kitchen, asked for more care in the bathrooms', '对厨房满意，希望浴室更仔细'),
    complaint: bothLanguages('Missed the upstairs bathroom', '漏打扫了楼上浴室'),
    billing: bothLanguages('Question about the last invoice', '对上一张账单有疑问'),
    key_access: bothLanguages('New gate code after the HOA change', '业主协会更换后的新门禁密码'),
    other: bothLanguages('Will be traveling for two weeks', '将外出旅行两周'),
  } as const;
  const records = plans.flatMap((p, index) =>
    Array.from({ length: r.int(1, 3) }, (_, n) => {
      const purpose = r.pick(CONNECT_PURPOSES);
      const open = r.chance(0.3);
      const followUp = open ? shiftDate(today, r.pick([0, 0, 1, 3, -2, -5, -7])) : null;
      return {
        customerId: inserted[index]!.id,
        status: open ? ('open' as const) : ('done' as const),
        purpose,
        type: r.pick(CONNECT_TYPES),
        contactDate: shiftDate(today, r.int(n * 20, n * 20 + 30)),
        subject: SUBJECTS[purpose],
        details: r.chance(0.5)
          ? bothLanguages('Talked with the customer; notes added to the file.', '已与客户沟通；备注已加入档案。')
          : '',
        loggedForId: office.length ? r.pick(office) : null,
        followUpDate: followUp,
        createdBy: p.createdBy,
        updatedBy: p.createdBy,
      };
    }),
  );
  await insertInChunks(records, 500, (chunk) => db.insert(connectRecords).values(chunk));

  // A few documents: the signed agreement and walkthrough notes of the first customers.
  const documents = plans.slice(0, 40).flatMap((p, index) => {
    const customerId = inserted[index]!.id;
    const files = [
      {
        name: 'Service agreement.pdf',
        mimeType: 'application/pdf',
        content: demoPdf(`Service agreement - ${p.person.first} ${p.person.last}`),
      },
    ];
    if (index % 2 === 0) {
      files.push({
        name: 'Walkthrough notes.txt',
        mimeType: 'text/plain',
        content: Buffer.from(
          `Walkthrough ${p.createdOn}\n${p.sqft} sq ft ${p.houseType}. Focus: kitchen and bathrooms.\n`,
          'utf8',
        ),
      });
    }
    return files.map((file) => ({ customerId, createdBy: p.createdBy, ...file }));
  });
  const documentRows = await db
    .insert(customerDocuments)
    .values(
      documents.map((d) => ({
        customerId: d.customerId,
        name: d.name,
        mimeType: d.mimeType,
        sizeBytes: d.content.length,
        sha256: createHash('sha256').update(d.content).digest('hex'),
        createdBy: d.createdBy,
        updatedBy: d.createdBy,
      })),
    )
    .returning({ id: customerDocuments.id });
  await db
    .insert(customerDocumentContents)
    .values(documents.map((d, i) => ({ documentId: documentRows[i]!.id, content: d.content })));

  return plans.map((p, index) => ({
    id: inserted[index]!.id,
    name: p.commercial ? p.company : p.person.name,
    phone1: p.phone1,
    email: p.email,
    language: p.person.language,
    address: p.address,
    zoneId: zoneOf.get(p.address.zip) ?? null,
    houseType: p.houseType,
    sqft: p.sqft,
    commercial: p.commercial,
    status: p.status,
    serviceTeamId: p.serviceTeamId,
    source: p.source,
    channel: p.channel,
  }));
}
