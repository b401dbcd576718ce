import type { MailParams, MailParamsModifyRequest } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { diff, pick } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import type { SmtpSettings } from '../../platform/mail';
import { runningMailCatcher } from '../../platform/mail-catcher';
import { maskSecret, type Secrets } from '../../platform/secrets';
import { updateVersioned } from '../../platform/versioned';
import { mailParameters } from './settings.tables';

/** The SMTP settings of the location parameters (the password encrypted like the vendor key). */

const ROW_ID = 1;
const FIELDS = ['host', 'port', 'secure', 'username', 'fromAddress', 'fromName'] as const;

async function row(db: Db) {
  const [found] = await db.select().from(mailParameters).where(eq(mailParameters.id, ROW_ID));
  if (!found) throw notFound('params.mailParams');
  return found;
}

function maskedPassword(secrets: Secrets, stored: string | null): string {
  if (!stored) return '';
  try {
    return maskSecret(secrets.decrypt(stored));
  } catch {
    return '••••••••';
  }
}

export async function mailParams(db: Db, secrets: Secrets): Promise<MailParams> {
  const r = await row(db);
  return {
    ...pick(r, FIELDS),
    passwordMasked: maskedPassword(secrets, r.passwordEncrypted),
    hasPassword: Boolean(r.passwordEncrypted),
    catcherRunning: runningMailCatcher() !== null,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function modifyMailParams(tx: Db, secrets: Secrets, actorId: number, input: MailParamsModifyRequest) {
  const passwordReplaced = Boolean(input.password);
  const { before, after } = await updateVersioned(
    tx,
    mailParameters,
    'params.mailParams',
    { id: ROW_ID, version: input.version },
    {
      ...pick(input, FIELDS),
      ...(passwordReplaced ? { passwordEncrypted: secrets.encrypt(input.password!) } : {}),
      ...(input.clearPassword && !passwordReplaced ? { passwordEncrypted: null } : {}),
    },
    actorId,
  );
  const changes = diff(pick(before, FIELDS), pick(after, FIELDS));
  const passwordChange = passwordReplaced ? 'replaced' : input.clearPassword && before.passwordEncrypted ? 'cleared' : null;
  return { changes, passwordChange, detail: await mailParams(tx, secrets) };
}

/**
 * Where mail goes now: the configured server, or the built-in catcher while no server is set up and
 * it runs; refused (10010) when neither.
 */
export async function smtpSettings(
  db: Db,
  secrets: Secrets,
): Promise<{ smtp: SmtpSettings; from: { name: string; address: string } }> {
  const r = await row(db);
  const catcher = runningMailCatcher();
  const from = { name: r.fromName, address: r.fromAddress };
  if (!r.host) {
    if (!catcher) throw refused('mail.notSetUp');
    return { smtp: { host: '127.0.0.1', port: catcher.port, secure: false, username: '', password: '' }, from };
  }
  let password = '';
  if (r.passwordEncrypted) {
    try {
      password = secrets.decrypt(r.passwordEncrypted);
    } catch {
      throw refused('mail.passwordUnreadable');
    }
  }
  return { smtp: { host: r.host, port: r.port, secure: r.secure, username: r.username, password }, from };
}
