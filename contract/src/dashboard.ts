import { z } from 'zod';
import { ZCalendarDate } from './calendar';
import { ZInboundFollowUp } from './messaging/log';
import { JOB_STATUSES, type JobStatus } from './service/jobs';

/**
 * My Dashboard (/quick/dashboard, issue 13): figures of a business-date range, each section shown
 * only to a role that may open the screen listing its rows (docs/business-rules.md "Dashboard").
 */

/** Jobs whose in-home minutes and revenue count as clean hours and revenue (closed: a completed day closed). */
export const DASHBOARD_COUNTED_STATUSES = ['scheduled', 'completed', 'closed'] as const satisfies readonly JobStatus[];

/** The longest range the dashboard answers (93 days, like the other date-range reads). */
export const DASHBOARD_MAX_DAYS = 93;

/** The screen whose rows each section counts: a role without that key gets no such section. */
export const DASHBOARD_SECTION_SCREENS = {
  jobs: '/service/worklist',
  reminders: '/service/worklist',
  quotes: '/sales/quotationlist',
  cards: '/office/creditcardcollection',
  followUps: '/customer/connectrecord',
  leave: '/employee/dailyallocation',
  outages: '/employee/teambuilding',
} as const;
export type DashboardSection = keyof typeof DASHBOARD_SECTION_SCREENS;

/** Absent dates: today in the business time zone. */
export const ZDashboardRequest = z
  .object({
    dateFrom: ZCalendarDate.optional(),
    dateTo: ZCalendarDate.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.dateFrom !== !value.dateTo) {
      ctx.addIssue({ code: 'custom', path: [value.dateFrom ? 'dateTo' : 'dateFrom'], message: 'rule.required' });
    } else if (value.dateFrom && value.dateTo) {
      if (value.dateTo < value.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'rule.dateRange' });
      else if (Date.parse(value.dateTo) - Date.parse(value.dateFrom) >= DASHBOARD_MAX_DAYS * 86_400_000)
        ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'rule.rangeTooLong' });
    }
  });
export type DashboardRequest = z.infer<typeof ZDashboardRequest>;

const count = z.number().int();

/** Clean minutes and revenue of the counted jobs, against the goals for the team-days they cover. */
const ZWorkFigures = z.object({
  jobs: count,
  cleanMinutes: count,
  revenueCents: count,
  /** Team-days with counted jobs × the daily goal of one team. */
  cleanMinutesGoal: count,
  revenueGoalCents: count,
});
export type DashboardWorkFigures = z.infer<typeof ZWorkFigures>;

export const ZDashboardJobs = z.object({
  /** Jobs dated in the range, by status (every status, zero included). */
  byStatus: z.array(z.object({ status: z.enum(JOB_STATUSES), jobs: count })),
  totals: ZWorkFigures.extend({
    /** Revenue ÷ counted jobs, rounded to the cent; null without jobs. */
    averageJobCents: count.nullable(),
    /** Revenue ÷ clean hours, rounded to the cent; null without clean minutes. */
    revenuePerCleanHourCents: count.nullable(),
  }),
  days: z.array(ZWorkFigures.extend({ date: z.string() })),
  /** Teams with counted jobs in the range; teamId null: jobs without a team. */
  teams: z.array(ZWorkFigures.extend({ teamId: count.nullable(), name: z.string(), color: z.string() })),
});
export type DashboardJobs = z.infer<typeof ZDashboardJobs>;

export const ZDashboardResponse = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  today: z.string(),
  goals: z.object({ dailyCleanMinutesGoal: count, dailyRevenueGoalCents: count }),
  jobs: ZDashboardJobs.optional(),
  /** Quotes dated in the range; conversion = sold ÷ all, in basis points (null without quotes). */
  quotes: z.object({ total: count, pending: count, sold: count, notSold: count, conversionBps: count.nullable() }).optional(),
  /** Card charges of the range's service dates still to work: pending, and failed without a resolution. */
  cards: z.object({ pending: count, failed: count, failedCents: count, pendingCents: count }).optional(),
  /** Job reminders not done, due on or before the range's last day. */
  reminders: z.object({ due: count }).optional(),
  /**
   * Open communications with a follow-up date on or before the range's last day; texts received that
   * no one has followed up (`texts`, the newest 10 in `openTexts`).
   */
  followUps: z.object({ due: count, texts: count, openTexts: z.array(ZInboundFollowUp) }).optional(),
  /** Employees on leave today. */
  leave: z
    .object({
      total: count,
      people: z.array(
        z.object({
          userId: count,
          name: z.string(),
          allDay: z.boolean(),
          startTime: z.string().nullable(),
          endTime: z.string().nullable(),
        }),
      ),
    })
    .optional(),
  /** Teams out today. */
  outages: z.object({ teams: z.array(z.object({ teamId: count, name: z.string(), reason: z.string() })) }).optional(),
});
export type DashboardResponse = z.infer<typeof ZDashboardResponse>;

/** Half-up integer division for non-negative figures (cents per job, cents per hour). */
export const ratioOf = (numerator: number, denominator: number): number | null =>
  denominator > 0 ? Math.round(numerator / denominator) : null;
