import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for the part of Twilio's REST API that Tidyhouse uses (docs/operations.md "Text
 * messages"): `POST /2010-04-01/Accounts/{sid}/Messages.json` with Basic auth, Twilio's message and
 * error shapes; delivery-status callbacks to the message's StatusCallback (sent, then delivered or
 * undelivered), and inbound texts posted as Twilio's inbound webhook, both signed with
 * X-Twilio-Signature and the auth token (the simulator's shared secret). An `Idempotency-Key`
 * header makes a repeated send answer the first message instead of sending again; sends are
 * counted per key. Its own routes under /sim/: the inbox, a reply "from a phone", counts, test switches.
 * State lives in memory.
 */
export interface SmsSimOptions {
  /** The auth token every request must carry and every webhook is signed with. */
  authToken: string;
  /** Where inbound texts are posted (Twilio: the number's messaging webhook). */
  inboundUrl?: string;
  /** The business's number texts come from when a send names none. */
  fromNumber?: string;
  /** Delay before the status callbacks (ms). */
  callbackDelayMs?: number;
  /** Delay before a send is answered (ms): a slower provider, to make several senders overlap in tests. */
  sendDelayMs?: number;
}

export interface SimText {
  sid: string;
  accountSid: string;
  direction: 'outbound' | 'inbound';
  from: string;
  to: string;
  body: string;
  status: string;
  createdAt: string;
  idempotencyKey: string;
  statusCallback: string;
}

export interface SmsSim {
  url: string;
  port: number;
  texts(): SimText[];
  /** Provider sends made for a key (1 for a key sent once, however often it was asked). */
  sendsFor(key: string): number;
  /** Requests that asked to send (replays included) and actual sends. */
  counts(): { requests: number; sends: number; duplicateKeys: number };
  /** The next `count` sends answer this HTTP status (a provider error). */
  failNext(count: number, status?: number): void;
  /** Posts an inbound text from a phone to the server, as Twilio would. */
  reply(from: string, body: string, to?: string): Promise<SimText>;
  setInboundUrl(url: string): void;
  reset(): void;
  close(): Promise<void>;
}

/** Twilio's documented test numbers: this one is refused as invalid (error 21211). */
export const SIM_INVALID_NUMBER = '+15005550001';
/** A destination whose texts the simulator reports undelivered (error 30003, unreachable). */
export const SIM_UNDELIVERABLE_SUFFIX = '0009';
export const SIM_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
export const SIM_FROM_NUMBER = '+15005550006';

const MAX_KEPT = 50_000;

const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');
const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Posts a signed form to a webhook URL; a few tries, since the server may be busy or starting. */
async function postSigned(url: string, token: string, params: Record<string, string>): Promise<boolean> {
  const signature = twilio.getExpectedTwilioSignature(token, url, params);
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
      if (answer.ok) return true;
      if (answer.status < 500) return false;
    } catch {
      // not listening yet: try again
    }
    await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
  }
  return false;
}

function messageJson(t: SimText, path: string) {
  const now = rfc2822(new Date(t.createdAt));
  return {
    sid: t.sid,
    account_sid: t.accountSid,
    api_version: '2010-04-01',
    body: t.body,
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: t.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(t.body.length / 160))),
    price: null,
    price_unit: 'USD',
    status: 'queued',
    subresource_uris: { media: `${path.replace('.json', '')}/${t.sid}/Media.json` },
    to: t.to,
    uri: `${path.replace('.json', '')}/${t.sid}.json`,
  };
}

export async function startSmsSim(port: number, options: SmsSimOptions): Promise<SmsSim> {
  let texts: SimText[] = [];
  let byKey = new Map<string, SimText>();
  let sendsByKey = new Map<string, number>();
  let requests = 0;
  let failing = { count: 0, status: 500 };
  let inboundUrl = options.inboundUrl ?? '';
  const fromNumber = options.fromNumber ?? SIM_FROM_NUMBER;
  const callbackDelay = options.callbackDelayMs ?? 20;

  const keep = (t: SimText) => {
    texts.push(t);
    if (texts.length > MAX_KEPT) texts = texts.slice(-MAX_KEPT / 2);
  };

  const error = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const callbacks = (t: SimText) => {
    if (!t.statusCallback) return;
    const final = t.to.endsWith(SIM_UNDELIVERABLE_SUFFIX) ? 'undelivered' : 'delivered';
    const base = { MessageSid: t.sid, SmsSid: t.sid, AccountSid: t.accountSid, From: t.from, To: t.to, ApiVersion: '2010-04-01' };
    setTimeout(async () => {
      t.status = 'sent';
      await postSigned(t.statusCallback, options.authToken, { ...base, MessageStatus: 'sent', SmsStatus: 'sent' });
      t.status = final;
      await postSigned(t.statusCallback, options.authToken, {
        ...base,
        MessageStatus: final,
        SmsStatus: final,
        ...(final === 'undelivered' ? { ErrorCode: '30003' } : {}),
      });
    }, callbackDelay);
  };

  const send = async (req: http.IncomingMessage, res: http.ServerResponse, accountSid: string, path: string) => {
    const auth = req.headers.authorization ?? '';
    const [user, pass] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (user !== accountSid || pass !== options.authToken) return error(res, 401, 20003, 'Authenticate');
    requests++;
    const form = new URLSearchParams(await readBody(req));
    if (options.sendDelayMs) await new Promise((r) => setTimeout(r, options.sendDelayMs));
    const key = String(req.headers['idempotency-key'] ?? '');
    const earlier = key ? byKey.get(key) : undefined;
    if (earlier) return json(res, 201, messageJson(earlier, path));
    if (failing.count > 0) {
      failing.count--;
      return error(res, failing.status, 20500, 'Internal Server Error');
    }
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!body) return error(res, 400, 21602, 'Message body is required.');
    if (to === SIM_INVALID_NUMBER || !/^\+\d{8,15}$/.test(to)) {
      return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    const text: SimText = {
      sid: newSid('SM'),
      accountSid,
      direction: 'outbound',
      from: form.get('From') || fromNumber,
      to,
      body,
      status: 'queued',
      createdAt: new Date().toISOString(),
      idempotencyKey: key,
      statusCallback: form.get('StatusCallback') ?? '',
    };
    keep(text);
    if (key) {
      byKey.set(key, text);
      sendsByKey.set(key, (sendsByKey.get(key) ?? 0) + 1);
    }
    json(res, 201, messageJson(text, path));
    callbacks(text);
  };

  const reply = async (from: string, body: string, to?: string): Promise<SimText> => {
    const lastTo = [...texts].reverse().find((t) => t.direction === 'outbound' && t.to === from);
    const text: SimText = {
      sid: newSid('SM'),
      accountSid: lastTo?.accountSid ?? SIM_ACCOUNT_SID,
      direction: 'inbound',
      from,
      to: to || lastTo?.from || fromNumber,
      body,
      status: 'received',
      createdAt: new Date().toISOString(),
      idempotencyKey: '',
      statusCallback: '',
    };
    keep(text);
    if (inboundUrl) {
      const posted = await postSigned(inboundUrl, options.authToken, {
        MessageSid: text.sid,
        SmsSid: text.sid,
        SmsMessageSid: text.sid,
        AccountSid: text.accountSid,
        From: text.from,
        To: text.to,
        Body: text.body,
        NumMedia: '0',
        NumSegments: '1',
        SmsStatus: 'received',
        ApiVersion: '2010-04-01',
      });
      if (!posted) text.status = 'webhook_failed';
    }
    return text;
  };

  const simRoutes = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    if (req.headers['x-sim-token'] !== options.authToken) return error(res, 401, 20003, 'Authenticate');
    const input = req.method === 'POST' ? (JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>) : {};
    switch (url.pathname) {
      case '/sim/messages': {
        const phone = url.searchParams.get('phone') ?? '';
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 200) || 200, 1000);
        const list = texts
          .filter((t) => !phone || t.to === phone || t.from === phone)
          .slice(-limit)
          .reverse();
        return json(res, 200, { list });
      }
      case '/sim/reply':
        return json(
          res,
          200,
          await reply(String(input.from ?? ''), String(input.body ?? ''), input.to ? String(input.to) : undefined),
        );
      case '/sim/counts':
        return json(res, 200, {
          ...sim.counts(),
          key: url.searchParams.get('key') ?? '',
          sendsForKey: sim.sendsFor(url.searchParams.get('key') ?? ''),
        });
      case '/sim/fail':
        sim.failNext(Number(input.count ?? 1), Number(input.status ?? 500));
        return json(res, 200, { ok: true });
      case '/sim/reset':
        sim.reset();
        return json(res, 200, { ok: true });
      default:
        return error(res, 404, 20404, 'The requested resource was not found');
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    const handle =
      match && req.method === 'POST'
        ? send(req, res, match[1]!, url.pathname)
        : url.pathname.startsWith('/sim/')
          ? simRoutes(req, res, url)
          : null;
    if (!handle) return error(res, 404, 20404, 'The requested resource was not found');
    handle.catch((e: unknown) => {
      if (!res.headersSent) error(res, 500, 20500, e instanceof Error ? e.message : 'Internal Server Error');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;

  const sim: SmsSim = {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    texts: () => texts,
    sendsFor: (key) => sendsByKey.get(key) ?? 0,
    counts: () => ({
      requests,
      sends: texts.filter((t) => t.direction === 'outbound').length,
      duplicateKeys: [...sendsByKey.values()].filter((n) => n > 1).length,
    }),
    failNext: (count, status = 500) => {
      failing = { count, status };
    },
    reply,
    setInboundUrl: (u) => {
      inboundUrl = u;
    },
    reset: () => {
      texts = [];
      byKey = new Map();
      sendsByKey = new Map();
      requests = 0;
      failing = { count: 0, status: 500 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return sim;
}
