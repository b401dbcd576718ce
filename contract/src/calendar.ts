import { z } from 'zod';
import { isIsoDate } from './dates';

/** A calendar date `YYYY-MM-DD` (service dates, hire dates, leave days): a real day of the calendar. */
export const ZCalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' })
  .refine(isIsoDate, { error: 'validation.dateFormat' });

/** A calendar date that must be given: `requiredKey` is the message key when it is missing or empty. */
export const requiredCalendarDate = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' })
    .refine(isIsoDate, { error: 'validation.dateFormat' });

/** A time of day `HH:MM`, 00:00–23:59 (wall clock in the business time zone). */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.timeFormat' });
