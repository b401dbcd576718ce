import { LOCALES, MESSAGE_CHANNELS, MESSAGE_EVENTS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { DEFAULT_TEMPLATE_TEXTS } from './default-texts';
import { messageTemplates } from './templates.tables';

/** The demo business's review page (example.com: it opens nothing real). */
export const DEMO_REVIEW_URL = 'https://reviews.example.com/tidyhouse-home-services';

/**
 * Every event × channel × language gets its default template where it has none (every start, so a
 * database made before templates existed gets them too). A review request starts off without demo
 * data: it needs the business's review page first (its link, set in System Set-up).
 */
export async function seedMessageTemplates(db: Db, opts: { demo: boolean }): Promise<void> {
  const rows = MESSAGE_EVENTS.flatMap((event) =>
    MESSAGE_CHANNELS.flatMap((channel) =>
      LOCALES.map((language) => ({
        event,
        channel,
        language,
        ...DEFAULT_TEMPLATE_TEXTS[language][event][channel],
        enabled: event !== 'reviewRequest' || opts.demo,
        linkUrl: event === 'reviewRequest' && opts.demo ? DEMO_REVIEW_URL : '',
      })),
    ),
  );
  await db.insert(messageTemplates).values(rows).onConflictDoNothing();
}

/**
 * Demo customers' choices: most agreed to messages when they booked (by phone, on the web form or
 * in person, on the day they became customers); every twentieth texted STOP, every ninth never
 * gave consent (e-mail only, for transactional messages).
 */
export async function seedDemoMessageChoices(db: Db): Promise<void> {
  await db.execute(sql`
    insert into customer_message_choices
      (customer_id, consent_date, consent_source, sms_opted_out, sms_opted_out_at, sms_opt_out_source)
    select id,
           (created_at at time zone 'America/Los_Angeles')::date,
           (array['phone', 'web_form', 'in_person'])[1 + id % 3],
           id % 20 = 7,
           case when id % 20 = 7 then created_at + interval '30 days' end,
           case when id % 20 = 7 then 'sms_reply' end
      from customers
     where id % 9 <> 4
    on conflict (customer_id) do nothing`);
}
