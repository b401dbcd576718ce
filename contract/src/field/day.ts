import { z } from 'zod';
import { CODE_FIELDS } from '../customer-locations';
import { ZIsoDate } from '../fields';
import { ZRecordId } from '../ids';
import { ZJobLength } from '../service/job-length';
import { JOB_IMAGE_KINDS, JOB_STATUSES, ZJobImageUploadRequest } from '../service/jobs';
import { FIELD_STATES } from './actions';

/**
 * The field app's reading side (issue 21; `/field/*`). A cleaner sees their crew's jobs of today and,
 * read-only, of tomorrow: never a price, a pay figure, card data or another customer.
 */

// FIELD_HOME (where the web app sends a field-only role) is in constants.ts: the back office's entry
// reads it, and this file's schemas would bring Zod into that first load.

export const ZFieldDayInput = z.object({
  /** Today (the business date) when left out; tomorrow answers read-only; any other day is refused. */
  date: ZIsoDate.optional(),
  /** Office users only (they have no crew of their own): the team whose day to show. A cleaner's own crew is found from daily assignments. */
  teamId: ZRecordId.optional(),
});
export type FieldDayInput = z.infer<typeof ZFieldDayInput>;

export const ZFieldPhoto = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_IMAGE_KINDS),
  /** The API path that answers the image bytes (`/field/image?id=…`), scoped like the job. */
  url: z.string(),
});
export type FieldPhoto = z.infer<typeof ZFieldPhoto>;

export const ZFieldChecklistItem = z.object({ id: z.string(), text: z.string(), done: z.boolean() });
export type FieldChecklistItem = z.infer<typeof ZFieldChecklistItem>;

export const ZFieldJob = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(JOB_STATUSES),
  fieldState: z.enum(FIELD_STATES),
  /** Arrival window, 'HH:mm' in the business time zone; null when the job has none. */
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  /** Planned start, minutes after midnight (the board's order); null when unplanned. */
  startMinutes: z.number().int().nullable(),
  length: ZJobLength,
  customerName: z.string(),
  /** One line: street, city, state, zip. */
  address: z.string(),
  /** Text for a maps link (`https://maps.google.com/?q=…` / `geo:0,0?q=…`): the address, or the coordinates when known. */
  mapsQuery: z.string(),
  phone: z.string().optional(),
  houseNotes: z.string(),
  preferences: z.string(),
  pets: z.string(),
  /** Which codes the location has (the values only through `/field/revealCode`, today's jobs only). */
  hasCodes: z.object({ key: z.boolean(), alarm: z.boolean(), gate: z.boolean() }),
  checklist: z.array(ZFieldChecklistItem),
  photos: z.array(ZFieldPhoto),
  /** Notes for the crew on the job. */
  notes: z.string(),
});
export type FieldJob = z.infer<typeof ZFieldJob>;

export const ZFieldClock = z.object({
  clockedIn: z.boolean(),
  onMeal: z.boolean(),
  workedMinutes: z.number().int(),
  /** When to remind of the meal break (before the end of the 5th hour worked), ISO instant; null when none is due. */
  mealReminderAt: z.string().nullable(),
  mealWaived: z.boolean(),
});
export type FieldClock = z.infer<typeof ZFieldClock>;

export const ZFieldDay = z.object({
  date: z.string(),
  /** Tomorrow: shown, never acted on. */
  readOnly: z.boolean(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  team: z.object({ id: z.number().int(), name: z.string(), color: z.string(), leaderName: z.string().nullable() }).nullable(),
  clock: ZFieldClock,
  jobs: z.array(ZFieldJob),
});
export type FieldDay = z.infer<typeof ZFieldDay>;

export const ZFieldRevealCodeInput = z.object({ jobId: ZRecordId, kind: z.enum(CODE_FIELDS) });
export type FieldRevealCodeInput = z.infer<typeof ZFieldRevealCodeInput>;
export const ZFieldRevealCodeAnswer = z.object({ jobId: z.number().int(), kind: z.enum(CODE_FIELDS), value: z.string() });
export type FieldRevealCodeAnswer = z.infer<typeof ZFieldRevealCodeAnswer>;

/** A before/after photo of a job, as the job detail uploads one (base64, JPEG/PNG/WebP by content, ≤ 10 MB). */
export const ZFieldPhotoInput = ZJobImageUploadRequest;
export type FieldPhotoInput = z.infer<typeof ZFieldPhotoInput>;
