import type { CaughtMail } from '@tidyhouse/contract';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that keeps what it receives in memory instead of delivering it: the demo and
 * the tests send real mail through the real SMTP path and read the inbox (`/sysParam/mailInbox`).
 * It listens on 127.0.0.1 only, takes any sender and recipient, and keeps the last 200 messages.
 */

const KEEP = 200;

export interface MailCatcher {
  port: number;
  inbox(): CaughtMail[];
  /** The raw message (headers and MIME body) of an inbox entry. */
  raw(id: number): string | null;
  close(): Promise<void>;
}

let running: MailCatcher | null = null;
/** The catcher of this process, when one runs. */
export const runningMailCatcher = (): MailCatcher | null => running;

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`) of a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeHeader(line.slice(name.length + 1).trim()) : '';
}

/** The file name of a MIME part: RFC 2231 (`filename*0*=utf-8''…; filename*1*=…`) or plain/encoded-word. */
function fileNameOf(head: string): string {
  const pieces = [...head.matchAll(/filename\*(\d+)?(\*)?="?([^";\r\n]+)"?/g)]
    .map((m) => ({ index: Number(m[1] ?? 0), encoded: Boolean(m[2]) || m[1] === undefined, value: m[3]! }))
    .sort((a, b) => a.index - b.index);
  if (pieces.length) {
    return pieces
      .map((p, i) => {
        const value = i === 0 ? p.value.replace(/^[\w-]*'[\w-]*'/, '') : p.value;
        return p.encoded ? decodeURIComponent(value) : value;
      })
      .join('');
  }
  return decodeHeader(/filename="?([^";\r\n]+)"?/.exec(head)?.[1] ?? '');
}

function attachmentsOf(raw: string): CaughtMail['attachments'] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/).slice(1);
  const found: CaughtMail['attachments'] = [];
  for (const part of parts) {
    const head = (part.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    if (!/content-disposition:\s*attachment/i.test(head)) continue;
    const fileName = fileNameOf(head);
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream';
    found.push({ fileName, contentType });
  }
  return found;
}

export async function startMailCatcher(port: number): Promise<MailCatcher> {
  const messages: (CaughtMail & { raw: string })[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Tidyhouse mail catcher',
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.unshift({
          id: nextId++,
          at: new Date().toISOString(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headerOf(raw, 'Subject'),
          attachments: attachmentsOf(raw),
          size: raw.length,
          raw,
        });
        messages.splice(KEEP);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The catcher never keeps a process alive on its own (the HTTP server does, in the product).
  server.server.unref();
  const address = server.server.address();
  const catcher: MailCatcher = {
    port: typeof address === 'object' && address ? address.port : port,
    inbox: () => messages.map(({ raw: _raw, ...mail }) => mail),
    raw: (id) => messages.find((m) => m.id === id)?.raw ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        if (running === catcher) running = null;
        server.close(() => resolve());
      }),
  };
  running = catcher;
  return catcher;
}
