import {
  type BusinessProfile,
  type BusinessProfileDetail,
  type BusinessProfileModifyRequest,
  type CardType,
  DEFAULT_TIME_ZONE,
  minutesToTime,
  type PaymentParams,
  type PaymentParamsModifyRequest,
  type QuoteParams,
  type QuoteParamsModifyRequest,
  type QuoteSettings,
  timeToMinutes,
  todayIn,
} from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { diff, pick } from '../../platform/audit';
import { BUSINESS_PROFILE_ID } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { maskSecret, type Secrets } from '../../platform/secrets';
import { updateVersioned } from '../../platform/versioned';
import { paymentParameters, quoteParameters } from './settings.tables';
import { businessProfile } from './system.tables';

/** Single-row settings live in row 1 (seeded on every start when missing). */
export const SETTINGS_ROW_ID = 1;

// ---- Business profile -------------------------------------------------------------------------

const PROFILE_FIELDS = [
  'name',
  'legalName',
  'street',
  'suite',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'timeZone',
  'salesTaxBps',
] as const;

/** The header's part of the profile: every logged-in user reads it. */
export async function readBusinessProfile(db: Db): Promise<BusinessProfile> {
  const [row] = await db.select().from(businessProfile).where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  return {
    name: row?.name ?? 'Tidyhouse',
    street: row?.street ?? '',
    suite: row?.suite ?? '',
    city: row?.city ?? '',
    state: row?.state ?? '',
    zip: row?.zip ?? '',
    phone: row?.phone ?? '',
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The profile's fields as the API shows them: business hours as `HH:mm`. */
const profileFieldsOf = (row: typeof businessProfile.$inferSelect) => ({
  ...pick(row, PROFILE_FIELDS),
  openingTime: minutesToTime(row.openingMinutes),
  closingTime: minutesToTime(row.closingMinutes),
});

export async function profileDetail(db: Db): Promise<BusinessProfileDetail> {
  const [row] = await db.select().from(businessProfile).where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  if (!row) throw notFound('params.businessProfile');
  return { ...profileFieldsOf(row), version: row.version, updatedAt: row.updatedAt.toISOString() };
}

export async function modifyProfile(tx: Db, actorId: number, input: BusinessProfileModifyRequest) {
  const { before, after } = await updateVersioned(
    tx,
    businessProfile,
    'params.businessProfile',
    { id: BUSINESS_PROFILE_ID, version: input.version },
    {
      ...pick(input, PROFILE_FIELDS),
      openingMinutes: timeToMinutes(input.openingTime),
      closingMinutes: timeToMinutes(input.closingTime),
    },
    actorId,
  );
  return { changes: diff(profileFieldsOf(before), profileFieldsOf(after)), detail: await profileDetail(tx) };
}

// ---- Quote parameters -------------------------------------------------------------------------

export const QUOTE_PARAM_FIELDS = [
  'minutesPerPersonPer1000Sqft',
  'priceRangeVarianceBps',
  'maxDiscountBps',
  'defaultTeamSize',
  'defaultPricePerMinuteCents',
  'overtimeMultiplierBps',
  'dailyCleanMinutesGoal',
  'dailyRevenueGoalCents',
  'paymentTermsDays',
  'fieldSessionIdleHours',
] as const;

/** What a new business starts with (and the demo shows): see docs/business-rules.md. */
export const DEFAULT_QUOTE_PARAMS = {
  minutesPerPersonPer1000Sqft: 45,
  priceRangeVarianceBps: 1000,
  maxDiscountBps: 1500,
  defaultTeamSize: 2,
  defaultPricePerMinuteCents: 95,
  overtimeMultiplierBps: 15000,
  dailyCleanMinutesGoal: 360,
  dailyRevenueGoalCents: 300_000,
  paymentTermsDays: 0,
  fieldSessionIdleHours: 12,
} as const;

export async function quoteParams(db: Db): Promise<QuoteParams> {
  const [row] = await db.select().from(quoteParameters).where(eq(quoteParameters.id, SETTINGS_ROW_ID));
  if (!row) throw notFound('params.quoteParams');
  return { ...pick(row, QUOTE_PARAM_FIELDS), version: row.version, updatedAt: row.updatedAt.toISOString() };
}

export async function modifyQuoteParams(tx: Db, actorId: number, input: QuoteParamsModifyRequest) {
  const { before, after } = await updateVersioned(
    tx,
    quoteParameters,
    'params.quoteParams',
    { id: SETTINGS_ROW_ID, version: input.version },
    pick(input, QUOTE_PARAM_FIELDS),
    actorId,
  );
  return { changes: diff(pick(before, QUOTE_PARAM_FIELDS), pick(after, QUOTE_PARAM_FIELDS)), detail: await quoteParams(tx) };
}

/** The quote parameters with the sales tax and time zone, for the quote calculator and other screens. */
export async function quoteSettings(db: Db, now = new Date()): Promise<QuoteSettings> {
  const params = await quoteParams(db);
  const profile = await profileDetail(db);
  return {
    ...pick(params, QUOTE_PARAM_FIELDS),
    salesTaxBps: profile.salesTaxBps,
    timeZone: profile.timeZone,
    today: todayIn(profile.timeZone, now),
  };
}

// ---- Payment vendor parameters ----------------------------------------------------------------

const PAYMENT_FIELDS = [
  'accountId',
  'cardTypes',
  'remitToName',
  'remitToStreet',
  'remitToCity',
  'remitToState',
  'remitToZip',
] as const;

function maskedKey(secrets: Secrets, stored: string | null): string {
  if (!stored) return '';
  try {
    return maskSecret(secrets.decrypt(stored));
  } catch {
    // Stored under another SECRET_KEY: it exists but cannot be read; a new one must be typed.
    return '••••••••';
  }
}

export async function paymentParams(db: Db, secrets: Secrets): Promise<PaymentParams> {
  const [row] = await db.select().from(paymentParameters).where(eq(paymentParameters.id, SETTINGS_ROW_ID));
  if (!row) throw notFound('params.paymentParams');
  return {
    ...pick(row, PAYMENT_FIELDS),
    cardTypes: row.cardTypes as CardType[],
    apiAccessKeyMasked: maskedKey(secrets, row.apiAccessKeyEncrypted),
    hasApiKey: Boolean(row.apiAccessKeyEncrypted),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves the payment parameters; the access key is replaced only when a new one is sent. */
export async function modifyPaymentParams(tx: Db, secrets: Secrets, actorId: number, input: PaymentParamsModifyRequest) {
  const keyReplaced = Boolean(input.apiAccessKey);
  const { before, after } = await updateVersioned(
    tx,
    paymentParameters,
    'params.paymentParams',
    { id: SETTINGS_ROW_ID, version: input.version },
    {
      ...pick(input, PAYMENT_FIELDS),
      ...(keyReplaced ? { apiAccessKeyEncrypted: secrets.encrypt(input.apiAccessKey!) } : {}),
    },
    actorId,
  );
  const changes = diff(pick(before, PAYMENT_FIELDS), pick(after, PAYMENT_FIELDS), { plain: ['cardTypes'] });
  return { changes, keyReplaced, detail: await paymentParams(tx, secrets) };
}
