import { z } from 'zod';

/**
 * One job length (issue 20; docs/business-rules.md "One job length"). A job has two honest lengths:
 * its in-home person-minutes (what the price and the wages use) and the wall-clock time on site,
 * which is the person-minutes shared by the members working it that day (daily assignments, else
 * the standing team). The board, the job list and detail and the daily schedule PDF all take both
 * from `jobLength`, so they never disagree after a member moves for the day.
 */

/** The shortest block the board can draw (its grid step): a job is never shown shorter. */
export const JOB_LENGTH_MIN_WALL_MINUTES = 15;

export interface JobLength {
  /** In-home person-minutes (price and wages). */
  personMinutes: number;
  /** Members working the job that day; at least 1. */
  members: number;
  /** Time on site: person-minutes ÷ members, rounded up, at least 15 minutes. */
  wallMinutes: number;
}

export const ZJobLength = z.object({
  personMinutes: z.number().int(),
  members: z.number().int(),
  wallMinutes: z.number().int(),
});

export function jobLength({ personMinutes, members }: { personMinutes: number; members: number }): JobLength {
  const crew = Math.max(1, Math.floor(members));
  const person = Math.max(0, Math.round(personMinutes));
  return {
    personMinutes: person,
    members: crew,
    wallMinutes: Math.max(JOB_LENGTH_MIN_WALL_MINUTES, Math.ceil(person / crew)),
  };
}

/** What the job's stored columns say about its person-minutes. */
export interface JobMinutesColumns {
  /** Set by a board resize. */
  plannedMinutes: number | null;
  /** The pricing lines' minutes. */
  quotedMinutes: number;
  /** The stored time on site (a job without lines keeps the length typed for it). */
  durationMinutes: number;
}

/**
 * The length of a job worked by `members` people: its planned person-minutes (a resize), else its
 * pricing lines' minutes; a job with neither keeps its stored time on site whatever the crew.
 */
export function jobLengthOf(job: JobMinutesColumns, members: number): JobLength {
  const planned = job.plannedMinutes ?? (job.quotedMinutes > 0 ? job.quotedMinutes : null);
  if (planned !== null && planned > 0) return jobLength({ personMinutes: planned, members });
  const crew = Math.max(1, Math.floor(members));
  return jobLength({ personMinutes: job.durationMinutes * crew, members: crew });
}

/** Minutes as the screens say them: "45 min", "2 h", "1 h 55 min" / "45 分钟", "2 小时", "1 小时 55 分钟". */
function durationWords(minutes: number, locale: 'en' | 'zh'): string {
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const [hours, mins] = locale === 'zh' ? ['小时', '分钟'] : ['h', 'min'];
  if (h === 0) return `${m} ${mins}`;
  return m === 0 ? `${h} ${hours}` : `${h} ${hours} ${m} ${mins}`;
}

/**
 * A length in words for printed pages (the daily schedule PDF), the words the screens use
 * (web `service.length.text`): "2 h on site · 3 cleaners · 6 h of work" / "上门 2 小时 · 3 名保洁员 · 共 6 小时工时".
 */
export function jobLengthText(length: JobLength, locale: 'en' | 'zh'): string {
  const wall = durationWords(length.wallMinutes, locale);
  const person = durationWords(length.personMinutes, locale);
  if (locale === 'zh') return `上门 ${wall} · ${length.members} 名保洁员 · 共 ${person}工时`;
  return `${wall} on site · ${length.members} ${length.members === 1 ? 'cleaner' : 'cleaners'} · ${person} of work`;
}
