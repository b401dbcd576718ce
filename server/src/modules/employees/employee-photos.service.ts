import { createHash } from 'node:crypto';
import { Code, parsePhotoDataUrl } from '@tidyhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { AppError, notFound } from '../../platform/errors';
import { findUser } from './employees.service';
import { employeePhotos, sysUsers } from './employees.tables';

/** The first bytes each accepted image type starts with. */
function contentMatches(contentType: string, bytes: Buffer): boolean {
  if (contentType === 'image/jpeg') return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (contentType === 'image/png')
    return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (contentType === 'image/webp') {
    return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  }
  return false;
}

export const photoTagOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** Stores (or replaces) an employee's photo; the bytes must be what the data URL says they are. */
export async function savePhoto(tx: Db, request: FastifyRequest, input: { id: number; dataUrl: string }) {
  const parsed = parsePhotoDataUrl(input.dataUrl);
  const bytes = parsed ? Buffer.from(parsed.base64, 'base64') : Buffer.alloc(0);
  if (!parsed || !contentMatches(parsed.contentType, bytes)) {
    throw new AppError(Code.INVALID_INPUT, 'employees.photoContent', {
      field: 'dataUrl',
      type: parsed?.contentType ?? 'image',
    });
  }
  const user = await findUser(tx, input.id);
  const tag = photoTagOf(bytes);
  const values = {
    contentType: parsed.contentType,
    bytes,
    sizeBytes: bytes.length,
    tag,
    updatedAt: new Date(),
    updatedBy: request.session!.userId,
  };
  await tx
    .insert(employeePhotos)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: employeePhotos.userId, set: values });
  await audit(tx, request, {
    module: 'employees',
    action: 'uploadPhoto',
    recordType: 'sysUser',
    recordId: user.id,
    details: { params: { name: user.name, contentType: parsed.contentType, bytes: bytes.length } },
  });
  return { id: user.id, photoTag: tag };
}

export async function removePhoto(tx: Db, request: FastifyRequest, input: { id: number }) {
  const user = await findUser(tx, input.id);
  const removed = await tx
    .delete(employeePhotos)
    .where(eq(employeePhotos.userId, user.id))
    .returning({ tag: employeePhotos.tag });
  if (removed.length) {
    await audit(tx, request, {
      module: 'employees',
      action: 'removePhoto',
      recordType: 'sysUser',
      recordId: user.id,
      details: { params: { name: user.name } },
    });
  }
  return { id: user.id, photoTag: null };
}

/** The photo of a (not removed) employee, or 10004. */
export async function readPhoto(db: Db, userId: number) {
  const [row] = await db
    .select({ contentType: employeePhotos.contentType, bytes: employeePhotos.bytes, tag: employeePhotos.tag })
    .from(employeePhotos)
    .innerJoin(sysUsers, eq(sysUsers.id, employeePhotos.userId))
    .where(and(eq(employeePhotos.userId, userId), isNull(sysUsers.deletedAt)));
  if (!row) throw notFound('employees.photo');
  return row;
}
