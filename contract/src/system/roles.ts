import { z } from 'zod';
import { requiredText } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import { MENU_TREE, type Titles } from '../menu';
import { ACTION_KEYS, isPermissionKey, STANDALONE_KEY_GROUPS } from '../permissions';

/** Role & Permission List (`/sys/roleauthor`, module `/sysRole`). */

export const ZRoleListRequest = ZListRequest.extend({
  /** Text in the English or Chinese name (or the code). */
  name: z.string().trim().max(64).optional(),
  enabled: z.boolean().nullish(),
});
export type RoleListRequest = z.infer<typeof ZRoleListRequest>;

export const ZRole = z.object({
  id: z.number().int(),
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  /** In English; `descriptionZh` in Chinese (empty: show the English one). */
  description: z.string(),
  descriptionZh: z.string(),
  enabled: z.boolean(),
  /** The super administrator: every key, always; cannot be disabled or removed. */
  isSuper: z.boolean(),
  /** Users (not removed) who hold the role. */
  userCount: z.number().int(),
  /** Keys the role holds (the super administrator: every key). */
  keyCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof ZRole>;

export const ZRoleDetail = ZRole.extend({ keys: z.array(z.string()) });
export type RoleDetail = z.infer<typeof ZRoleDetail>;

const permissionKeys = z.array(z.string().refine(isPermissionKey, { error: 'rule.permissionKey' })).max(500);

const roleFields = {
  nameEn: requiredText(64),
  nameZh: requiredText(64),
  description: z.string().trim().max(500),
  /** Left out of a change: kept as it is (older clients know only `description`). */
  descriptionZh: z.string().trim().max(500).optional(),
};

export const ZRoleAddRequest = z.object({
  ...roleFields,
  description: roleFields.description.default(''),
  descriptionZh: z.string().trim().max(500).default(''),
  keys: permissionKeys.default([]),
});
export type RoleAddRequest = z.infer<typeof ZRoleAddRequest>;

export const ZRoleModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...roleFields,
});
export type RoleModifyRequest = z.infer<typeof ZRoleModifyRequest>;

/** Enable / disable; disabling ends the sessions of the role's users at once. */
export const ZRoleStateRequest = z.object({ id: ZRecordId, enabled: z.boolean() });
export type RoleStateRequest = z.infer<typeof ZRoleStateRequest>;

/** Replaces the role's keys with these (duplicates are ignored). */
export const ZRoleSetPermissionsRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  keys: permissionKeys,
});
export type RoleSetPermissionsRequest = z.infer<typeof ZRoleSetPermissionsRequest>;

/**
 * The permission tree of "Set permissions": menu group → screen → action keys. Groups are not keys
 * (checking a group checks its screens); screens and actions are. Quick links are shortcuts and
 * carry no key of their own, so only canonical screens appear.
 */
export interface PermissionNode {
  key: string;
  kind: 'group' | 'screen' | 'action';
  title: Titles;
  children?: PermissionNode[];
}
export const ZPermissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    kind: z.enum(['group', 'screen', 'action']),
    title: z.object({ en: z.string(), zh: z.string() }),
    children: z.array(ZPermissionNode).optional(),
  }),
);
export const ZPermissionTree = z.array(ZPermissionNode);

/** The tree itself, from the menu tree and the action keys of the contract. */
export function buildPermissionTree(): PermissionNode[] {
  const screens: PermissionNode[] = MENU_TREE.map((group) => ({
    key: group.url,
    kind: 'group' as const,
    title: { ...group.title },
    children: group.children
      .filter((screen) => screen.permission === screen.url)
      .map((screen) => {
        const actions = ACTION_KEYS.filter((a) => a.screen === screen.url);
        return {
          key: screen.url,
          kind: 'screen' as const,
          title: { ...screen.title },
          ...(actions.length
            ? { children: actions.map((a) => ({ key: a.key, kind: 'action' as const, title: { ...a.title } })) }
            : {}),
        };
      }),
  })).filter((group) => group.children.length > 0);
  const standalone: PermissionNode[] = STANDALONE_KEY_GROUPS.map((group) => ({
    key: group.key,
    kind: 'group',
    title: { ...group.title },
    children: group.keys.map((k) => ({ key: k.key, kind: 'action', title: { ...k.title } })),
  }));
  return [...screens, ...standalone];
}
