import {
  allowedChannels,
  isTransactional,
  type Locale,
  type MessageChannel,
  type MessageEvent,
  renderTemplate,
} from '@tidyhouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { loadChannelFacts } from './consent';
import { messageTemplates } from './templates.tables';
import { type MessageSubject, placeholderValues } from './values';

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

/** The template of an event and channel in a language, falling back to English when it has none. */
export async function templateFor(db: Db, event: MessageEvent, channel: MessageChannel, language: Locale) {
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.event, event),
        eq(messageTemplates.channel, channel),
        inArray(messageTemplates.language, [language, 'en']),
      ),
    );
  const template = rows.find((row) => row.language === language) ?? rows.find((row) => row.language === 'en');
  return template ? { ...template, language: template.language as Locale } : null;
}

/**
 * One message as it is to be sent now, read when it is sent (so a held or retried message reads the
 * job as it is then). Null when there is nothing to send: the event is off, the channel is no longer
 * allowed (a STOP or an unsubscribe since it was queued), the customer is removed or has no address.
 */
export async function renderMessage(db: Db, request: RenderRequest): Promise<RenderedMessage | null> {
  const loaded = await loadChannelFacts(db, request.customerId);
  if (!loaded) return null;
  if (!allowedChannels(loaded.facts, isTransactional(request.event)).includes(request.channel)) return null;
  const template = await templateFor(db, request.event, request.channel, loaded.language);
  if (!template?.enabled) return null;
  const to = request.channel === 'email' ? loaded.facts.email.trim() : loaded.facts.smsPhone;
  if (!to) return null;
  const values = await placeholderValues(db, request.event, request, template.language, template.linkUrl);
  const body = renderTemplate(template.body, values);
  return request.channel === 'email'
    ? { subject: renderTemplate(template.subject, values), body, language: template.language, to }
    : { body, language: template.language, to };
}
