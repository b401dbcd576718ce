import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

/**
 * Encryption at rest for secrets the business must read back (payment vendor keys, alarm and gate
 * codes): AES-256-GCM with a key from SECRET_KEY. Stored form: `v1:<iv>:<tag>:<ciphertext>` (base64).
 */
export interface Secrets {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

export function createSecrets(key: Buffer): Secrets {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not an encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** Shows only the last characters of a secret: "••••••42". */
export function maskSecret(plain: string, visible = 2): string {
  if (!plain) return '';
  const shown = plain.length > visible * 2 ? plain.slice(-visible) : '';
  return `${'•'.repeat(Math.max(4, plain.length - shown.length))}${shown}`;
}

/**
 * The key: SECRET_KEY when set. The embedded engine may do without it: a key file is created in
 * DATA_DIR on the first start. Several processes on PostgreSQL must share one key, so there it is required.
 */
export function resolveSecretKey(opts: { secretKey?: string; databaseUrl?: string; dataDir: string }): Buffer {
  if (opts.secretKey) {
    const key = parseSecretKey(opts.secretKey);
    if (!key) throw new ConfigError('Invalid configuration: SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
    return key;
  }
  if (opts.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration: SECRET_KEY is required with DATABASE_URL (every process must share it): 64 hex digits',
    );
  }
  const file = path.join(opts.dataDir, 'secret.key');
  if (fs.existsSync(file)) {
    const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
    if (!key) throw new ConfigError(`Invalid key file ${file}: expected 64 hex digits`);
    return key;
  }
  const key = randomBytes(32);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
