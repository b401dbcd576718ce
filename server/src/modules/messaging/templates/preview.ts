import {
  Code,
  LOCALES,
  type Locale,
  type MessageTemplatePreviewRequest,
  type MessageTemplatePreviewResponse,
  renderTemplate,
  smsParts,
} from '@tidyhouse/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { BUSINESS_PROFILE_ID } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError, notFound } from '../../../platform/errors';
import { customers } from '../../customers/customers.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { businessProfile } from '../../system/system.tables';
import { checkTemplateTexts } from './templates.service';
import { messageTemplates } from './templates.tables';
import { jobFacts, nextScheduledJobId, placeholderValues, sampleValues } from './values';

/** The job a preview reads: the one named (by id or reference), else the next scheduled one. */
async function previewJobId(db: Db, request: MessageTemplatePreviewRequest): Promise<number | null> {
  if (request.jobId) return request.jobId;
  if (request.jobReference) {
    const [row] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(sql`upper(${jobs.reference})`, request.jobReference.toUpperCase()));
    if (!row) throw notFound('jobs.job');
    return row.id;
  }
  return nextScheduledJobId(db);
}

/**
 * An event's templates rendered in each language with a real job's values (or samples when the
 * business has no job yet), texts not saved yet included. Writes nothing.
 */
export async function previewTemplates(
  db: Db,
  request: MessageTemplatePreviewRequest,
  locale: Locale,
): Promise<MessageTemplatePreviewResponse> {
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.event, request.event))
    .orderBy(asc(messageTemplates.channel), asc(messageTemplates.language));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const edits = request.templates ?? [];
  edits.forEach((item, i) => {
    if (!byId.has(item.id)) throw new AppError(Code.INVALID_INPUT, 'messaging.notOfEvent', { field: `templates.${i}.id` });
  });
  checkTemplateTexts(request.event, edits, (i) => byId.get(edits[i]!.id)!.channel);
  const linkUrl = request.linkUrl ?? rows[0]?.linkUrl ?? '';

  const jobId = await previewJobId(db, request);
  const job = jobId === null ? null : await jobFacts(db, jobId);
  if (jobId !== null && !job) throw notFound('jobs.job');
  const [customer] = job ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, job.customerId)) : [];
  const [business] = await db
    .select({ name: businessProfile.name, phone: businessProfile.phone })
    .from(businessProfile)
    .where(eq(businessProfile.id, BUSINESS_PROFILE_ID));

  const valuesByLanguage = new Map<Locale, Record<string, string>>();
  for (const language of LOCALES) {
    valuesByLanguage.set(
      language,
      job
        ? await placeholderValues(db, request.event, { customerId: job.customerId, jobId: job.id }, language, linkUrl)
        : sampleValues(language, business ?? { name: '', phone: '' }, linkUrl),
    );
  }
  const previews = rows.map((row) => {
    const text = edits.find((item) => item.id === row.id) ?? row;
    const language = row.language as Locale;
    const values = valuesByLanguage.get(language)!;
    const body = renderTemplate(text.body, values);
    const channel = row.channel as 'email' | 'sms';
    return {
      channel,
      language,
      subject: channel === 'email' ? renderTemplate(text.subject, values) : '',
      body,
      smsParts: channel === 'sms' ? smsParts(body) : 0,
    };
  });
  return {
    job: job
      ? { id: job.id, reference: job.reference, serviceDate: job.serviceDate ?? '', customerName: customer?.name ?? '' }
      : null,
    values: valuesByLanguage.get(locale)!,
    previews,
  };
}
