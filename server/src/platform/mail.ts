import nodemailer from 'nodemailer';

/**
 * The one way the server sends e-mail (quotes now; card-decline notices later): SMTP through
 * nodemailer with the settings of the location parameters. A failure is thrown to the caller, who
 * answers it as a refusal with the server's reason; nothing is retried behind the user's back.
 */

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS when offered. */
  secure: boolean;
  username: string;
  password: string;
}

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  attachments?: { fileName: string; content: Buffer; contentType: string }[];
  /** The Message-ID to use (the outbox sends its idempotency key: a re-send is the same message). */
  messageId?: string;
  headers?: Record<string, string>;
}

export class MailError extends Error {}

export async function sendMail(settings: SmtpSettings, mail: OutgoingMail): Promise<{ messageId: string }> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.username ? { user: settings.username, pass: settings.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({
      from: { name: mail.from.name, address: mail.from.address },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      attachments: mail.attachments?.map((a) => ({ filename: a.fileName, content: a.content, contentType: a.contentType })),
    });
    return { messageId: info.messageId };
  } catch (error) {
    throw new MailError(error instanceof Error ? error.message : String(error));
  } finally {
    transport.close();
  }
}
