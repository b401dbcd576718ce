import {
  addressKey,
  CUSTOMER_SOURCES,
  calculateQuotePrice,
  JOB_FREQUENCIES,
  type JobFrequency,
  type QuoteStatus,
} from '@tidyhouse/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { bothLanguages } from '../../platform/demo-text';
import { referenceCounters } from '../../platform/references';
import { insertInChunks, type SeededCustomer } from '../customers/customers.seed';
import { demoAddress, demoName, demoPhone, randomSource, shiftDate } from '../customers/demo-data';
import { businessToday, pricingParameters } from '../customers/lookups';
import { sysUsers, teams } from '../employees/employees.tables';
import { priceItemRates, priceItems, zoneZips } from '../system/settings.tables';
import { quoteHistory, quoteLines, quotes } from './sales.tables';

const NOT_SOLD_REASONS = [
  bothLanguages('Chose another company', '选择了其他公司'),
  bothLanguages('Price too high for the budget', '价格超出预算'),
  bothLanguages('No reply after two follow-ups', '两次跟进后未回复'),
  bothLanguages('Moving out of the area', '将搬离本地区'),
  bothLanguages('Only wanted a one-time clean at a lower price', '只想要更便宜的一次性清洁'),
];

/** 300 demo quotes, 100 in each status; the sold ones are the quotes the first active demo customers came from. */
export async function seedDemoQuotes(db: Db, seededCustomers: SeededCustomer[], perStatus = 100): Promise<void> {
  const r = randomSource(5_2026);
  const today = await businessToday(db);
  const params = await pricingParameters(db);
  const items = await db.select().from(priceItems);
  const rates = await db.select().from(priceItemRates);
  const rateOn = (itemId: number, date: string) =>
    rates
      .filter((rate) => rate.priceItemId === itemId && rate.effectiveFrom <= date)
      .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
  const byName = new Map(items.map((i) => [i.nameEn, i]));
  const addons = items.filter((i) => i.kind === 'addon');
  const staff = await db
    .select({ id: sysUsers.id, uname: sysUsers.uname })
    .from(sysUsers)
    .where(inArray(sysUsers.uname, ['sales', 'office', 'admin']));
  const staffIds = staff.map((s) => s.id);
  const teamIds = (await db.select({ id: teams.id }).from(teams)).map((t) => t.id);
  const zipZones = new Map((await db.select().from(zoneZips).where(eq(zoneZips.kind, 'primary'))).map((z) => [z.zip, z.zoneId]));
  const soldCustomers = seededCustomers.filter((c) => c.status === 'active').slice(0, perStatus);

  const statuses: QuoteStatus[] = [
    ...Array<QuoteStatus>(perStatus).fill('pending'),
    ...Array<QuoteStatus>(perStatus).fill('not_sold'),
    ...Array<QuoteStatus>(soldCustomers.length).fill('sold'),
  ];
  let soldIndex = 0;
  const plans = statuses.map((status, index) => {
    const customer = status === 'sold' ? soldCustomers[soldIndex++]! : null;
    const person = customer ? null : demoName(r);
    const address = customer?.address ?? demoAddress(r);
    const quoteDate = shiftDate(today, status === 'pending' ? r.int(0, 30) : r.int(20, 200));
    const sqft = customer?.sqft ?? r.int(8, 40) * 100;
    const bedrooms = Math.max(1, Math.round(sqft / 700));
    const wanted: [string, number][] = [
      ['Bedroom', bedrooms],
      ['Full bathroom', Math.max(1, Math.round(bedrooms * 0.7))],
      ['Kitchen', 1],
      ['Living room', 1],
    ];
    if (r.chance(0.4)) wanted.push(['Half bathroom', 1]);
    if (r.chance(0.3)) wanted.push(['Staircase', 1]);
    if (r.chance(0.5) && addons.length) wanted.push([r.pick(addons).nameEn, 1]);
    if (r.chance(0.3)) wanted.push(['Eco-friendly supplies', 1]);
    if (r.chance(0.2)) wanted.push(['Pet hair', 1]);
    const lines = wanted
      .map(([name, quantity]) => ({ item: byName.get(name), quantity }))
      .filter((l): l is { item: (typeof items)[number]; quantity: number } => !!l.item && !!rateOn(l.item.id, quoteDate))
      .map(({ item, quantity }) => ({ item, quantity, rate: rateOn(item.id, quoteDate)! }));
    const frequency: JobFrequency = r.pick(JOB_FREQUENCIES);
    const teamSize = sqft > 2800 ? 3 : 2;
    const flat = r.chance(0.1);
    const input = {
      houseSizeSqft: sqft,
      lines: lines.map((l) => ({
        kind: l.item.kind,
        quantity: l.quantity,
        minutesEach: l.rate.inHomeMinutes,
        unitPriceCents: l.rate.unitPriceCents,
        taxable: l.item.taxable,
      })),
      teamSize,
      pricePerMinuteCents: params.defaultPricePerMinuteCents,
      travelMinutes: r.int(10, 35),
      frequency,
      couponDiscountCents: 0,
      discountCents: 0,
      flatRateCents: null as number | null,
    };
    const first = calculateQuotePrice(input, params);
    if (flat) input.flatRateCents = Math.round(first.calculatedPriceCents / 500) * 500;
    if (r.chance(0.25)) input.couponDiscountCents = Math.min(2000, first.maxDiscountCents);
    if (r.chance(0.15)) input.discountCents = Math.min(1000, first.maxDiscountCents - input.couponDiscountCents);
    const breakdown = calculateQuotePrice(input, params);
    const name = customer?.name ?? person!.name;
    return {
      status,
      customer,
      quoteDate,
      lines,
      breakdown,
      input,
      values: {
        quoteDate,
        status,
        statusReason: status === 'not_sold' ? r.pick(NOT_SOLD_REASONS) : '',
        statusChangedAt: status === 'pending' ? null : new Date(`${shiftDate(quoteDate, -r.int(1, 10))}T18:00:00Z`),
        customerId: customer?.id ?? null,
        customerName: name,
        phone1: customer?.phone1 ?? demoPhone(3000 + index),
        email: customer?.email ?? '',
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        state: 'CA',
        county: address.county,
        zip: address.zip,
        zoneId: zipZones.get(address.zip) ?? null,
        addressKey: addressKey(address.address1, address.zip),
        language: customer?.language ?? person!.language,
        source: customer?.source ?? (r.chance(0.9) ? r.pick(CUSTOMER_SOURCES) : null),
        channel: customer?.channel ?? (r.chance(0.5) ? r.pick(['Google Ads', 'Nextdoor', 'Yelp', 'Spring mailer 2026']) : ''),
        customerNote: r.chance(0.3) ? 'Found us through a neighbour; wants a walkthrough first.' : '',
        locationType: customer?.commercial ? ('commercial' as const) : ('residential' as const),
        houseType: customer?.houseType ?? ('house' as const),
        jobLocation: '',
        jobNote: r.chance(0.2) ? 'Two dogs; keep the back gate closed.' : '',
        occupants: r.int(1, 6),
        houseSizeSqft: sqft,
        housingArea: sqft > 2200 ? '2 stories' : '1 story',
        quoteType: r.chance(0.85) ? ('fixed' as const) : ('hourly' as const),
        frequency,
        teamSize,
        pricePerMinuteCents: input.pricePerMinuteCents,
        travelMinutes: input.travelMinutes,
        couponCode: input.couponDiscountCents ? 'SPRING20' : '',
        couponDiscountCents: input.couponDiscountCents,
        discountCents: input.discountCents,
        flatRateCents: input.flatRateCents,
        ...params,
        totalMinutes: breakdown.labourMinutes,
        inHomeMinutes: breakdown.inHomeMinutes,
        calculatedPriceCents: breakdown.calculatedPriceCents,
        rangeLowCents: breakdown.rangeLowCents,
        rangeHighCents: breakdown.rangeHighCents,
        taxCents: breakdown.firstVisit.taxCents,
        finalOfferCents: breakdown.finalOfferCents,
        breakdown,
        teamNote: r.chance(0.3) ? 'Customer works from home: keep noise down in the office.' : '',
        preferredTeamId: customer?.serviceTeamId ?? (r.chance(0.3) && teamIds.length ? r.pick(teamIds) : null),
        createdBy: staffIds.length ? r.pick(staffIds) : null,
        createdAt: new Date(`${quoteDate}T${String(r.int(16, 23))}:15:00Z`),
      },
    };
  });

  // References in date order per month, and the counters continue after them.
  const order = plans.map((_, i) => i).sort((a, b) => plans[a]!.quoteDate.localeCompare(plans[b]!.quoteDate) || a - b);
  const counters = new Map<string, number>();
  const references = new Array<string>(plans.length);
  for (const i of order) {
    const date = plans[i]!.quoteDate;
    const scope = `Q-${date.slice(2, 4)}${date.slice(5, 7)}`;
    const value = (counters.get(scope) ?? 0) + 1;
    counters.set(scope, value);
    references[i] = `${scope}-${String(value).padStart(4, '0')}`;
  }

  const ids: number[] = [];
  await insertInChunks(
    plans.map((p, i) => ({ ...p.values, reference: references[i]!, updatedBy: p.values.createdBy })),
    100,
    async (chunk) => {
      ids.push(...(await db.insert(quotes).values(chunk).returning({ id: quotes.id })).map((row) => row.id));
    },
  );
  await insertInChunks(
    plans.flatMap((p, i) =>
      p.lines.map((line, n) => ({
        quoteId: ids[i]!,
        priceItemId: line.item.id,
        kind: line.item.kind,
        nameEn: line.item.nameEn,
        nameZh: line.item.nameZh,
        taxable: line.item.taxable,
        quantity: line.quantity,
        minutesEach: line.rate.inHomeMinutes,
        unitPriceCents: line.rate.unitPriceCents,
        totalMinutes: p.breakdown.lines[n + 1]!.totalMinutes,
        amountCents: p.breakdown.lines[n + 1]!.amountCents,
        sortOrder: n,
      })),
    ),
    1000,
    (chunk) => db.insert(quoteLines).values(chunk),
  );
  await insertInChunks(
    plans.flatMap((p, i) => {
      const created = {
        quoteId: ids[i]!,
        at: p.values.createdAt,
        userId: p.values.createdBy,
        action: 'created' as const,
        toStatus: 'pending' as const,
        summary: `Quote ${references[i]} for ${p.values.customerName}`,
      };
      if (p.status === 'pending') return [created];
      return [
        created,
        {
          quoteId: ids[i]!,
          at: p.values.statusChangedAt!,
          userId: p.values.createdBy,
          action: 'status_changed' as const,
          fromStatus: 'pending' as const,
          toStatus: p.status,
          reason: p.values.statusReason,
          summary: `Quote ${references[i]}: pending → ${p.status}`,
        },
      ];
    }),
    1000,
    (chunk) => db.insert(quoteHistory).values(chunk),
  );
  const links = plans.flatMap((p, i) => (p.customer ? [sql`(${p.customer.id}::int, ${ids[i]!}::int)`] : []));
  if (links.length) {
    await db.execute(
      sql`update customers set quote_id = v.quote_id from (values ${sql.join(links, sql`, `)}) as v(customer_id, quote_id)
          where customers.id = v.customer_id`,
    );
  }
  if (counters.size) {
    await db.insert(referenceCounters).values([...counters].map(([scope, lastValue]) => ({ scope, lastValue })));
  }
}
