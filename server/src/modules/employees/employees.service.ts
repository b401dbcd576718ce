import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import { endUserSessions } from '../../platform/sessions';
import { sysUsers } from './employees.tables';

export const findUser = async (db: Db, id: number) => {
  const [user] = await db
    .select()
    .from(sysUsers)
    .where(and(eq(sysUsers.id, id), isNull(sysUsers.deletedAt)))
    .for('update');
  if (!user) throw notFound('employees.user');
  return user;
};

/** Freeze or unfreeze a login account (spec §4 isBlocking); freezing ends its sessions at once. */
export async function setAccountBlocked(tx: Db, actorId: number, id: number, blocked: boolean) {
  if (id === actorId && blocked) throw refused('employees.cannotFreezeSelf');
  const user = await findUser(tx, id);
  const accountStatus = blocked ? 'frozen' : 'normal';
  if (user.accountStatus !== accountStatus) {
    await tx
      .update(sysUsers)
      .set({ accountStatus, updatedAt: new Date(), updatedBy: actorId, version: user.version + 1 })
      .where(eq(sysUsers.id, id));
  }
  if (blocked) await endUserSessions(tx, id, 'blocked');
  return { user, accountStatus };
}
