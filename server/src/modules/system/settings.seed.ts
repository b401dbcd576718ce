import { addDays, type ZipKind } from '@tidyhouse/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import type { Secrets } from '../../platform/secrets';
import { DEFAULT_QUOTE_PARAMS, SETTINGS_ROW_ID } from './params.service';
import {
  disclaimers,
  laborTypes,
  paymentParameters,
  priceItemRates,
  priceItems,
  quoteParameters,
  zones,
  zoneZips,
} from './settings.tables';

/** Quote and payment parameter rows (id 1): every business needs them, with or without demo data. */
export async function seedParameterRows(db: Db, opts: { demo: boolean; secrets?: Secrets }): Promise<void> {
  const [quote] = await db
    .select({ id: quoteParameters.id })
    .from(quoteParameters)
    .where(eq(quoteParameters.id, SETTINGS_ROW_ID));
  if (!quote)
    await db
      .insert(quoteParameters)
      .overridingSystemValue()
      .values({ id: SETTINGS_ROW_ID, ...DEFAULT_QUOTE_PARAMS });
  const [payment] = await db
    .select({ id: paymentParameters.id })
    .from(paymentParameters)
    .where(eq(paymentParameters.id, SETTINGS_ROW_ID));
  if (payment) return;
  const demo = opts.demo
    ? {
        accountId: 'acct_1TidyhouseDemo042',
        // A made-up key of the vendor's test form: it opens nothing.
        apiAccessKeyEncrypted: opts.secrets?.encrypt('sk_test_51TidyDemoKeyNotReal0000000000042') ?? null,
        cardTypes: ['visa', 'mastercard', 'amex', 'discover'],
        remitToName: 'Tidyhouse Home Services',
        remitToStreet: '1250 Bayshore Highway, Suite 210',
        remitToCity: 'Burlingame',
        remitToState: 'CA',
        remitToZip: '94010',
      }
    : { cardTypes: ['visa', 'mastercard'] };
  await db
    .insert(paymentParameters)
    .overridingSystemValue()
    .values({ id: SETTINGS_ROW_ID, ...demo });
}

/** Labor types a cleaning business needs (seeded whenever there are none; office staff may change them). */
export const DEFAULT_LABOR_TYPES = [
  {
    nameEn: 'Regular cleaning',
    nameZh: '常规保洁',
    defaultHourlyRateCents: 2400,
    isPaid: true,
    countsAsInHome: true,
    sortOrder: 10,
  },
  {
    nameEn: 'Deep cleaning',
    nameZh: '深度保洁',
    defaultHourlyRateCents: 2600,
    isPaid: true,
    countsAsInHome: true,
    sortOrder: 20,
  },
  {
    nameEn: 'Move-out cleaning',
    nameZh: '搬出保洁',
    defaultHourlyRateCents: 2600,
    isPaid: true,
    countsAsInHome: true,
    sortOrder: 30,
  },
  { nameEn: 'Travel', nameZh: '路途', defaultHourlyRateCents: 1900, isPaid: true, countsAsInHome: false, sortOrder: 40 },
  { nameEn: 'Training', nameZh: '培训', defaultHourlyRateCents: 1900, isPaid: true, countsAsInHome: false, sortOrder: 50 },
  { nameEn: 'Office', nameZh: '办公室', defaultHourlyRateCents: 2200, isPaid: true, countsAsInHome: false, sortOrder: 60 },
];

export async function seedLaborTypes(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(laborTypes);
  if (Number(existing?.n) > 0) return;
  await db.insert(laborTypes).values(DEFAULT_LABOR_TYPES);
}

const DEMO_DISCLAIMERS = [
  {
    purpose: 'quote' as const,
    name: 'Quote terms',
    textEn:
      'This quote is an estimate based on the information you gave us and is valid for 30 days. If the size or condition of ' +
      'the home differs from the description, the final price may change; we will tell you before we start.',
    textZh: '本报价根据您提供的信息估算，有效期 30 天。如房屋面积或状况与描述不符，最终价格可能调整，我们会在开工前告知您。',
  },
  {
    purpose: 'quote' as const,
    name: 'Cancellation policy',
    textEn:
      "Please give us at least 48 hours' notice to reschedule or cancel. A later cancellation, or a visit where our team " +
      'cannot get in, is charged a $50.00 fee.',
    textZh: '如需改期或取消，请至少提前 48 小时通知。逾期取消或团队到场后无法进入房屋，将收取 $50.00 费用。',
  },
  {
    purpose: 'invoice' as const,
    name: 'Payment terms',
    textEn:
      'Payment is due on the day of service. We accept cash, checks, and Visa, Mastercard, American Express and Discover. ' +
      'A returned check is charged $25.00.',
    textZh: '服务当天付款。我们接受现金、支票以及 Visa、Mastercard、American Express 和 Discover 信用卡。退票将收取 $25.00。',
  },
  {
    purpose: 'gift_certificate' as const,
    name: 'Gift certificate terms',
    textEn:
      'Redeemable for Tidyhouse cleaning services only. This certificate does not expire (California Civil Code §1749.5); ' +
      'a balance under $10.00 is paid out in cash on request. Lost or stolen certificates cannot be replaced.',
    textZh:
      '仅可用于 Tidyhouse 保洁服务。本礼品券无有效期限制（加州民法典第 1749.5 条）；余额不足 $10.00 时可应要求兑现。遗失或被盗不予补发。',
  },
];

export async function seedDemoDisclaimers(db: Db): Promise<void> {
  await db.insert(disclaimers).values(DEMO_DISCLAIMERS);
}

interface DemoPrice {
  kind: 'item' | 'addon' | 'fee';
  nameEn: string;
  nameZh: string;
  minutes: number;
  cents: number;
  /** A later change: days from today (negative: already in force) and the new figures. */
  change?: { inDays: number; minutes: number; cents: number };
}

const DEMO_PRICES: DemoPrice[] = [
  {
    kind: 'item',
    nameEn: 'Bedroom',
    nameZh: '卧室',
    minutes: 20,
    cents: 2800,
    change: { inDays: -60, minutes: 20, cents: 3000 },
  },
  { kind: 'item', nameEn: 'Full bathroom', nameZh: '全卫浴室', minutes: 30, cents: 3800 },
  { kind: 'item', nameEn: 'Half bathroom', nameZh: '半卫', minutes: 15, cents: 2000 },
  { kind: 'item', nameEn: 'Kitchen', nameZh: '厨房', minutes: 45, cents: 5500, change: { inDays: 30, minutes: 45, cents: 6000 } },
  { kind: 'item', nameEn: 'Living area', nameZh: '客厅及起居区', minutes: 25, cents: 3200 },
  { kind: 'item', nameEn: 'Dining room', nameZh: '餐厅', minutes: 15, cents: 1800 },
  { kind: 'addon', nameEn: 'Inside oven', nameZh: '烤箱内部清洁', minutes: 30, cents: 3500 },
  { kind: 'addon', nameEn: 'Inside fridge', nameZh: '冰箱内部清洁', minutes: 30, cents: 3500 },
  { kind: 'addon', nameEn: 'Interior windows (each)', nameZh: '室内窗户（每扇）', minutes: 5, cents: 600 },
  { kind: 'addon', nameEn: 'Laundry (per load)', nameZh: '洗衣（每桶）', minutes: 20, cents: 2000 },
  { kind: 'addon', nameEn: 'Inside cabinets', nameZh: '橱柜内部清洁', minutes: 40, cents: 4500 },
  { kind: 'fee', nameEn: 'Trip fee', nameZh: '上门费', minutes: 0, cents: 1500 },
  { kind: 'fee', nameEn: 'Pet fee', nameZh: '宠物费', minutes: 10, cents: 1000 },
  { kind: 'fee', nameEn: 'Key pickup', nameZh: '取送钥匙', minutes: 0, cents: 2000 },
];

/** The first rates took effect on this day; later changes are dated relative to the seed day. */
export const DEMO_PRICES_SINCE = '2025-01-01';

export async function seedDemoPriceList(db: Db, today: string): Promise<void> {
  for (const [index, price] of DEMO_PRICES.entries()) {
    const [item] = await db
      .insert(priceItems)
      .values({ kind: price.kind, nameEn: price.nameEn, nameZh: price.nameZh, taxable: false, sortOrder: (index + 1) * 10 })
      .returning({ id: priceItems.id });
    const rates = [{ effectiveFrom: DEMO_PRICES_SINCE, inHomeMinutes: price.minutes, unitPriceCents: price.cents }];
    if (price.change) {
      const { inDays, minutes, cents } = price.change;
      rates.push({ effectiveFrom: addDays(today, inDays), inHomeMinutes: minutes, unitPriceCents: cents });
    }
    await db.insert(priceItemRates).values(rates.map((r) => ({ ...r, priceItemId: item!.id })));
  }
}

type DemoZone = { name: string; code: string; color: string; active?: boolean } & Partial<Record<ZipKind, string[]>>;

/** Service areas on the San Francisco Peninsula and in the South Bay, with their real ZIP codes. */
const DEMO_ZONES: DemoZone[] = [
  {
    name: 'Burlingame / Millbrae',
    code: 'BUR',
    color: '#1677ff',
    primary: ['94010', '94030'],
    secondary: ['94066'],
    exception: ['94128'],
  },
  { name: 'San Mateo', code: 'SMT', color: '#52c41a', primary: ['94401', '94402', '94403', '94404'], secondary: ['94002'] },
  {
    name: 'Belmont / San Carlos / Redwood City',
    code: 'RWC',
    color: '#fa8c16',
    primary: ['94002', '94061', '94062', '94063', '94065', '94070'],
    secondary: ['94027'],
  },
  {
    name: 'Palo Alto / Menlo Park',
    code: 'PAL',
    color: '#722ed1',
    primary: ['94025', '94301', '94303', '94304', '94306'],
    secondary: ['94027', '94028'],
    exception: ['94305'],
  },
  {
    name: 'Mountain View / Los Altos',
    code: 'MTV',
    color: '#13c2c2',
    primary: ['94022', '94024', '94040', '94041', '94043'],
    exception: ['94035'],
  },
  {
    name: 'Sunnyvale / Cupertino',
    code: 'SVL',
    color: '#eb2f96',
    primary: ['94085', '94086', '94087', '94089', '95014'],
    secondary: ['95070'],
  },
  {
    name: 'West San Jose / Campbell',
    code: 'SJW',
    color: '#faad14',
    primary: ['95008', '95117', '95128', '95129', '95130'],
    secondary: ['95124'],
  },
  { name: 'Half Moon Bay', code: 'HMB', color: '#8c8c8c', active: false, primary: ['94019'], secondary: ['94038'] },
];

export async function seedDemoZones(db: Db): Promise<void> {
  for (const zone of DEMO_ZONES) {
    const [row] = await db
      .insert(zones)
      .values({ name: zone.name, code: zone.code, color: zone.color, active: zone.active ?? true })
      .returning({ id: zones.id });
    const zips = (['primary', 'secondary', 'exception'] as const).flatMap((kind) =>
      (zone[kind] ?? []).map((zip) => ({ zoneId: row!.id, zip, kind })),
    );
    await db.insert(zoneZips).values(zips);
  }
}
