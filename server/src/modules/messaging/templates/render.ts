import {
  allowedChannels,
  isTransactional,
  type Locale,
  type MessageChannel,
  type MessageEvent,
  renderTemplate,
} from '@tidyhouse/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { loadChannelFactsOf } from './consent';
import { messageTemplates } from './templates.tables';
import { loadMessageFacts, type MessageSubject, valuesOf } from './values';

export interface RenderRequest extends MessageSubject {
  event: MessageEvent;
  channel: MessageChannel;
}

export interface RenderedMessage {
  /** E-mail only. */
  subject?: string;
  body: string;
  language: Locale;
  /** The e-mail address, or the number in E.164 (`+16505550142`). */
  to: string;
}

type Template = typeof messageTemplates.$inferSelect;

/** The template of an event and channel in a language, falling back to English when it has none. */
function pickTemplate(templates: readonly Template[], event: MessageEvent, channel: MessageChannel, language: Locale) {
  const of = (lang: string) => templates.find((t) => t.event === event && t.channel === channel && t.language === lang);
  const template = of(language) ?? of('en');
  return template ? { ...template, language: template.language as Locale } : null;
}

/**
 * One message as it is to be sent now, read when it is sent (so a held or retried message reads the
 * job as it is then). Null when there is nothing to send: the event is off, the channel is no longer
 * allowed (a STOP or an unsubscribe since it was queued), the customer is removed or has no address.
 */
export async function renderMessage(db: Db, request: RenderRequest): Promise<RenderedMessage | null> {
  return (await renderMessages(db, [request]))[0]!;
}

/**
 * Many messages at once (the worker's claimed batch), each as renderMessage would: one read per kind
 * (customers with their choices, templates, business, jobs, invoices, payments), whatever their number.
 * `business` may be given when the caller reads it anyway (or is reading it).
 */
export async function renderMessages(
  db: Db,
  requests: readonly RenderRequest[],
  business?: { name: string; phone: string } | Promise<{ name: string; phone: string }>,
): Promise<(RenderedMessage | null)[]> {
  if (requests.length === 0) return [];
  const events = [...new Set(requests.map((r) => r.event))];
  const [people, templates] = await Promise.all([
    loadChannelFactsOf(
      db,
      requests.map((r) => r.customerId),
    ),
    db.select().from(messageTemplates).where(inArray(messageTemplates.event, events)),
  ]);
  const plans = requests.map((request) => {
    const loaded = people.get(request.customerId);
    if (!loaded) return null;
    if (!allowedChannels(loaded.facts, isTransactional(request.event)).includes(request.channel)) return null;
    const template = pickTemplate(templates, request.event, request.channel, loaded.language);
    if (!template?.enabled) return null;
    const to = request.channel === 'email' ? loaded.facts.email.trim() : loaded.facts.smsPhone;
    return to ? { request, template, to } : null;
  });
  const live = plans.filter((plan) => plan !== null);
  if (live.length === 0) return plans.map(() => null);
  const facts = await loadMessageFacts(
    db,
    live.map((plan) => plan.request),
    { business, customerNames: new Map([...people].map(([id, p]) => [id, p.name])) },
  );
  return plans.map((plan) => {
    if (!plan) return null;
    const { request, template, to } = plan;
    const values = valuesOf(facts, request.event, request, template.language, template.linkUrl);
    const body = renderTemplate(template.body, values);
    return request.channel === 'email'
      ? { subject: renderTemplate(template.subject, values), body, language: template.language, to }
      : { body, language: template.language, to };
  });
}
