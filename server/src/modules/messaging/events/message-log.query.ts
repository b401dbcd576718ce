import type {
  CustomerMessage,
  CustomerMessageListRequest,
  InboundFollowUp,
  ListResponse,
  MessageChannel,
  MessageEvent,
} from '@tidyhouse/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { inboundMessages } from '../outbox/outbox.tables';

/**
 * Where the office reads customer messages (issue 22): one customer's messages both ways as one
 * list (a union of the outbox and the texts received, each side walking its customer index only
 * as far as the page needs), a job's messages, and the texts no one has followed up yet.
 */

interface MessageRow {
  direction: 'outbound' | 'inbound';
  id: number;
  event: MessageEvent | null;
  channel: MessageChannel;
  status: CustomerMessage['status'];
  address: string;
  subject: string;
  body: string;
  at: Date | string;
  sentAt: Date | string | null;
  deliveredAt: Date | string | null;
  jobId: number | null;
  jobReference: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toMessage = (r: MessageRow): CustomerMessage => ({
  key: `${r.direction === 'outbound' ? 'out' : 'in'}-${r.id}`,
  id: Number(r.id),
  direction: r.direction,
  event: r.event,
  channel: r.channel,
  status: r.status,
  address: r.address,
  subject: r.subject,
  body: r.body,
  at: iso(r.at),
  sentAt: r.sentAt === null ? null : iso(r.sentAt),
  deliveredAt: r.deliveredAt === null ? null : iso(r.deliveredAt),
  job: r.jobId === null ? null : { id: Number(r.jobId), reference: r.jobReference ?? '' },
});

const OUTBOUND_COLUMNS = sql`'outbound' as direction, o.id, o.event, o.channel, o.status, o.to_address as address, o.subject,
  o.body, o.created_at as at, o.sent_at as "sentAt", o.delivered_at as "deliveredAt", o.job_id as "jobId"`;

/** One customer's messages, newest first: sent (every status) and received, one page. */
export async function customerMessages(db: Db, req: CustomerMessageListRequest): Promise<ListResponse<CustomerMessage>> {
  const reach = req.pageNum * req.pageSize;
  const outbound = req.direction !== 'inbound';
  const inbound = req.direction !== 'outbound';
  const branches: SQL[] = [];
  if (outbound) {
    branches.push(sql`(select ${OUTBOUND_COLUMNS} from outbox_messages o where o.customer_id = ${req.customerId}
                        order by o.created_at desc, o.id desc limit ${reach})`);
  }
  if (inbound) {
    branches.push(sql`(select 'inbound' as direction, i.id, null as event, 'sms' as channel, 'received' as status,
                              i.from_phone as address, '' as subject, i.body, i.received_at as at, null::timestamptz as "sentAt",
                              null::timestamptz as "deliveredAt", null::int as "jobId"
                         from inbound_messages i where i.customer_id = ${req.customerId}
                        order by i.received_at desc, i.id desc limit ${reach})`);
  }
  const counts = [
    outbound ? sql`(select count(*) from outbox_messages o where o.customer_id = ${req.customerId})` : sql`0`,
    inbound ? sql`(select count(*) from inbound_messages i where i.customer_id = ${req.customerId})` : sql`0`,
  ];
  const rows = await queryRows<MessageRow & { total: string | number }>(
    db,
    sql`select m.*, j.reference as "jobReference", ${counts[0]} + ${counts[1]} as total
          from (${sql.join(branches, sql` union all `)}) m
          left join jobs j on j.id = m."jobId"
         order by m.at desc, m.direction, m.id desc
         limit ${req.pageSize} offset ${(req.pageNum - 1) * req.pageSize}`,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && req.pageNum > 1) {
    const [row] = await queryRows<{ total: string | number }>(db, sql`select ${counts[0]} + ${counts[1]} as total`);
    total = Number(row?.total ?? 0);
  }
  return { total, list: rows.map(toMessage) };
}

/** The messages sent about one job (the job detail), newest first, the latest 50. */
export async function jobMessages(db: Db, jobId: number): Promise<CustomerMessage[]> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${OUTBOUND_COLUMNS}, j.reference as "jobReference"
          from outbox_messages o join jobs j on j.id = o.job_id
         where o.job_id = ${jobId}
         order by o.created_at desc, o.id desc limit 50`,
  );
  return rows.map(toMessage);
}

/** Texts received that no one has followed up: how many, and the newest 10 (the dashboard's follow-ups). */
export async function openTexts(db: Db): Promise<{ texts: number; openTexts: InboundFollowUp[] }> {
  const [rows, count] = await Promise.all([
    queryRows<{
      id: number;
      customerId: number | null;
      name: string | null;
      fromPhone: string;
      body: string;
      receivedAt: Date | string;
    }>(
      db,
      sql`select i.id, i.customer_id as "customerId", c.name, i.from_phone as "fromPhone", i.body, i.received_at as "receivedAt"
            from inbound_messages i left join customers c on c.id = i.customer_id
           where i.handled_at is null and i.keyword = ''
           order by i.received_at desc, i.id desc limit 10`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from inbound_messages where handled_at is null and keyword = ''`),
  ]);
  return {
    texts: Number(count[0]?.n ?? 0),
    openTexts: rows.map((r) => ({
      id: Number(r.id),
      customer: r.customerId === null ? null : { id: Number(r.customerId), name: r.name ?? '' },
      fromPhone: r.fromPhone,
      body: r.body,
      receivedAt: iso(r.receivedAt),
    })),
  };
}

/** The office followed up a text received: it leaves the dashboard. A second call changes nothing. */
export async function markTextHandled(tx: Db, actorId: number, id: number) {
  const [row] = await tx.select().from(inboundMessages).where(eq(inboundMessages.id, id)).for('update');
  if (!row) throw notFound('events.inboundText');
  if (row.handledAt !== null) return { row, changed: false };
  const [after] = await tx
    .update(inboundMessages)
    .set({ handledAt: new Date(), handledBy: actorId, updatedAt: new Date(), updatedBy: actorId, version: row.version + 1 })
    .where(and(eq(inboundMessages.id, id), isNull(inboundMessages.handledAt)))
    .returning();
  return { row: after!, changed: true };
}
