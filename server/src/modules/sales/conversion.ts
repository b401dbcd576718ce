import type { CustomerSource, HouseType, JobFrequency, Locale } from '@tidyhouse/contract';
import { addressKey } from '@tidyhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { refused } from '../../platform/errors';
import type { Secrets } from '../../platform/secrets';
import { createCustomer, loadCustomer } from '../customers/customers.service';
import { customerLocations, customerPreferences, customers } from '../customers/customers.tables';
import { addLocation } from '../customers/locations.service';
import { refreshCustomerIndex } from '../customers/search-terms';
import type { quotes } from './sales.tables';

/**
 * Sold conversion (docs/business-rules.md "Sold conversion"): inside the caller's transaction,
 * the quote becomes an active customer with its service location and preferences. Later issues
 * add their own steps (the service plan) with registerConversionStep; any step failing rolls the
 * whole sale back, quote status included.
 */

export type QuoteRow = typeof quotes.$inferSelect;

export interface ConversionActor {
  userId: number;
  locale: Locale;
}

export interface ConversionResult {
  customerId: number;
  /** The service location the quote's address became (or the existing one with that address). */
  locationId: number;
  /** false when the quote was for an existing customer. */
  createdCustomer: boolean;
}

export interface ConversionContext extends ConversionResult {
  tx: Db;
  quote: QuoteRow;
  actor: ConversionActor;
  secrets: Secrets;
}

export type ConversionStep = (context: ConversionContext) => Promise<void>;

const steps: ConversionStep[] = [];

/** Adds a step run after the customer exists (in registration order); returns its removal. */
export function registerConversionStep(step: ConversionStep): () => void {
  steps.push(step);
  return () => {
    const index = steps.indexOf(step);
    if (index >= 0) steps.splice(index, 1);
  };
}

const locationName = (quote: QuoteRow) => quote.jobLocation || (quote.locationType === 'commercial' ? 'Business' : 'Home');

function locationFields(quote: QuoteRow) {
  return {
    name: locationName(quote).slice(0, 96),
    address1: quote.address1,
    address2: quote.address2,
    city: quote.city,
    state: quote.state,
    zip: quote.zip,
    primaryContact: quote.customerName.slice(0, 96),
    contactPhone: quote.phone1,
    houseType: quote.houseType as HouseType,
    sqft: quote.houseSizeSqft,
    accessNotes: '',
    isPrimary: true,
    keyCode: null,
    alarmCode: null,
    gateCode: null,
  };
}

const teamNotes = (quote: QuoteRow) => [quote.teamNote, quote.jobNote].filter(Boolean).join('\n');

async function convertForExistingCustomer(tx: Db, quote: QuoteRow, actor: ConversionActor, secrets: Secrets) {
  const customerId = quote.customerId!;
  const customer = await loadCustomer(tx, customerId, true).catch(() => {
    throw refused('sales.customerUnknown', { id: customerId });
  });
  if (customer.status !== 'active') {
    await tx
      .update(customers)
      .set({ status: 'active', version: customer.version + 1, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(customers.id, customerId));
  }
  const key = addressKey(quote.address1, quote.zip);
  const [same] = await tx
    .select({ id: customerLocations.id })
    .from(customerLocations)
    .where(
      and(
        eq(customerLocations.customerId, customerId),
        eq(customerLocations.addressKey, key),
        isNull(customerLocations.deletedAt),
      ),
    );
  const locationId = same
    ? same.id
    : (await addLocation(tx, actor.userId, customerId, { ...locationFields(quote), isPrimary: false }, secrets)).id;
  // Preferences the customer has not set yet come from the quote.
  const [prefs] = await tx.select().from(customerPreferences).where(eq(customerPreferences.customerId, customerId));
  if (prefs) {
    await tx
      .update(customerPreferences)
      .set({
        frequency: prefs.frequency ?? (quote.frequency as JobFrequency),
        preferredTeamId: prefs.preferredTeamId ?? quote.preferredTeamId,
        noteDirections: prefs.noteDirections || teamNotes(quote),
        version: prefs.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(eq(customerPreferences.id, prefs.id));
  }
  await refreshCustomerIndex(tx, customerId);
  return { customerId, locationId, createdCustomer: false };
}

/** Makes the sold quote's customer: call it inside the transaction that marks the quote sold. */
export async function convertQuoteToCustomer(
  tx: Db,
  quote: QuoteRow,
  actor: ConversionActor,
  secrets: Secrets,
): Promise<ConversionResult> {
  const result = quote.customerId
    ? await convertForExistingCustomer(tx, quote, actor, secrets)
    : await (async () => {
        const { customer, locationId } = await createCustomer(
          tx,
          actor.userId,
          {
            profile: {
              name: quote.customerName,
              company: quote.locationType === 'commercial' ? quote.customerName : '',
              phone1: quote.phone1,
              phone2: quote.phone2,
              phone3: quote.phone3,
              email: quote.email,
              language: quote.language as Locale,
              source: quote.source as CustomerSource | null,
              channel: quote.channel,
              note: quote.customerNote,
              serviceTeamId: quote.preferredTeamId,
              // A quote's card is not copied: the card on file comes only from the gateway capture.
            },
            status: 'active',
            location: locationFields(quote),
            preferences: {
              frequency: quote.frequency as JobFrequency,
              preferredTeamId: quote.preferredTeamId,
              noteDirections: teamNotes(quote),
            },
            quoteId: quote.id,
          },
          secrets,
        );
        return { customerId: customer.id, locationId: locationId!, createdCustomer: true };
      })();
  for (const step of steps) await step({ ...result, tx, quote, actor, secrets });
  return result;
}
