import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import type { Deps } from '../../../platform/deps';
import { customerMessageChoices } from '../templates/templates.tables';
import { customerOfUnsubscribeToken } from './email';
import { smsProviderSettings } from './sms-provider';
import { recordDeliveryStatus, recordInboundText } from './webhooks.service';

/**
 * The provider's webhooks and the e-mail unsubscribe link (docs/operations.md "Text messages").
 * They live outside the office API (/_/): the provider posts forms in its own protocol and wants
 * TwiML back, not the API envelope; a link in an e-mail has no session. Each is checked instead:
 * a webhook by its X-Twilio-Signature (HMAC with the account's auth token, or the simulator's
 * shared secret), the link by its sealed token.
 */
const ZStatusCallback = z.object({
  MessageSid: z.string().min(1).max(128),
  MessageStatus: z.string().min(1).max(24),
  ErrorCode: z.string().max(16).optional(),
});
const ZInbound = z.object({
  MessageSid: z.string().min(1).max(128),
  From: z.string().min(1).max(32),
  To: z.string().max(32).default(''),
  Body: z.string().max(1600).default(''),
});
const ZOutboxRef = z.object({ outbox: z.coerce.number().int().min(1).max(2_147_483_647) });
const ZToken = z.object({ t: z.string().min(1).max(400) });

const TOKEN_CACHE_MS = 5_000;

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const page = (reply: FastifyReply, status: number, lines: string[], form = '') =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Tidyhouse</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${lines.map((l) => `<p>${l}</p>`).join('')}${form}</body></html>`,
    );

export async function registerMessagingWebhooks(app: FastifyInstance, { db, config, secrets, readiness }: Deps): Promise<void> {
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    // The token webhooks are signed with, read at most every few seconds (two callbacks per text).
    let known: { at: number; settings: Promise<{ authToken: string }> } | null = null;
    const tokenInUse = () => {
      if (!known || Date.now() - known.at > TOKEN_CACHE_MS)
        known = { at: Date.now(), settings: smsProviderSettings(db, secrets, config) };
      const { settings } = known;
      settings.catch(() => {
        known = null;
      });
      return settings;
    };

    /** Not ready (migrating) → 503: the provider tries again. A bad signature → 403, nothing done. */
    const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<Record<string, string> | null> => {
      if (!readiness.ready) {
        await reply.status(503).header('retry-after', '5').send('starting');
        return null;
      }
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = String(request.headers['x-twilio-signature'] ?? '');
      const { authToken } = await tokenInUse();
      if (!signature || !twilio.validateRequest(authToken, signature, `${config.smsWebhookUrl}${request.url}`, params)) {
        await reply.status(403).send('bad signature');
        return null;
      }
      return params;
    };

    hooks.post('/hooks/sms/status', async (request, reply) => {
      const params = await admit(request, reply);
      if (!params) return reply;
      const ref = ZOutboxRef.safeParse(request.query);
      const input = ZStatusCallback.safeParse(params);
      if (!ref.success || !input.success) return reply.status(400).send('bad input');
      await recordDeliveryStatus(db, {
        outboxId: ref.data.outbox,
        providerId: input.data.MessageSid,
        status: input.data.MessageStatus,
        errorCode: input.data.ErrorCode,
      });
      return reply.status(204).send();
    });

    hooks.post('/hooks/sms/inbound', async (request, reply) => {
      const params = await admit(request, reply);
      if (!params) return reply;
      const input = ZInbound.safeParse(params);
      if (!input.success) return reply.status(400).send('bad input');
      await recordInboundText(db, {
        providerId: input.data.MessageSid,
        from: input.data.From,
        to: input.data.To,
        body: input.data.Body,
      });
      // No automatic answer: Twilio's own opt-out replies (or none) stand.
      return reply.type('text/xml').send(EMPTY_TWIML);
    });

    // The link opens a page with a button (a mail scanner's prefetch must not unsubscribe anyone);
    // the button, or a mail client's one-click List-Unsubscribe POST (RFC 8058), does it.
    hooks.get('/hooks/unsubscribe', async (request, reply) => {
      const token = ZToken.safeParse(request.query);
      if (!token.success || customerOfUnsubscribeToken(secrets, token.data.t) === null) {
        return page(reply, 404, ['This link is not valid.', '此链接无效。']);
      }
      return page(
        reply,
        200,
        [
          'Stop e-mails such as review requests? Appointment and payment e-mails still come.',
          '不再接收评价邀请等邮件？预约和付款相关邮件仍会发送。',
        ],
        `<form method="post"><button type="submit">Unsubscribe / 退订</button></form>`,
      );
    });
    hooks.post('/hooks/unsubscribe', async (request, reply) => {
      const token = ZToken.safeParse(request.query);
      const customerId = token.success ? customerOfUnsubscribeToken(secrets, token.data.t) : null;
      if (customerId === null) return page(reply, 404, ['This link is not valid.', '此链接无效。']);
      const at = new Date();
      const state = { emailOptedOut: true, emailOptedOutAt: at, emailOptOutSource: 'email_link' };
      await db
        .insert(customerMessageChoices)
        .values({ customerId, ...state })
        .onConflictDoUpdate({
          target: customerMessageChoices.customerId,
          set: { ...state, updatedAt: at, version: sql`${customerMessageChoices.version} + 1` },
          where: sql`not ${customerMessageChoices.emailOptedOut}`,
        });
      return page(reply, 200, ['You are unsubscribed.', '您已退订。']);
    });
  });
}
