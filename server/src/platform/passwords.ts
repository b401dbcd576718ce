import { hash, verify } from '@node-rs/argon2';

/** argon2id (memory-hard) with the library's defaults: 19 MiB, 2 passes. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A random password for the first administrator when ADMIN_PASSWORD is not set. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
