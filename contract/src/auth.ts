import { z } from 'zod';
import { whenMissing } from './fields';
import { ZRecordId } from './ids';

export const ZLoginRequest = z.object({
  uname: z
    .string({ error: whenMissing('validation.userNameRequired') })
    .trim()
    .min(1, { error: 'validation.userNameRequired' })
    .max(64),
  password: z
    .string({ error: whenMissing('validation.passwordRequired') })
    .min(1, { error: 'validation.passwordRequired' })
    .max(256),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export type ZMenuEntryShape = { url: string; icon: string; title: string; children?: ZMenuEntryShape[] };
export const ZMenuEntry: z.ZodType<ZMenuEntryShape> = z.lazy(() =>
  z.object({ url: z.string(), icon: z.string(), title: z.string(), children: z.array(ZMenuEntry).optional() }),
);

/** Stored user info (spec §3): what getUserInfo answers and the web keeps after login. */
export const ZUserInfo = z.object({
  id: z.number().int(),
  uname: z.string(),
  name: z.string(),
  roleName: z.string(),
  userRole: z.string(),
  permissions: z.array(z.string()),
  sysMenuList: z.array(ZMenuEntry),
  /**
   * Where the web app takes this user instead of the back office: '/field' for a field-only role (a
   * cleaner: `field:use` and no menu). Absent for office users.
   */
  home: z.string().optional(),
});
export type UserInfo = z.infer<typeof ZUserInfo>;

/** The spec's answer, plus `home` (as in `userInfo`) when the user belongs in the field app. */
export const ZLoginResponse = z.object({ token: z.string(), userInfo: ZUserInfo, home: z.string().optional() });
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const PASSWORD_MIN_LENGTH = 8;

export const ZChangePasswordRequest = z
  .object({
    oldPassword: z
      .string({ error: whenMissing('validation.oldPasswordRequired') })
      .min(1, { error: 'validation.oldPasswordRequired' })
      .max(256),
    password: z
      .string({ error: whenMissing('validation.passwordRequired') })
      .min(1, { error: 'validation.passwordRequired' })
      .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordTooShort' })
      .max(256),
    verifyPassword: z
      .string({ error: whenMissing('validation.verifyPasswordRequired') })
      .min(1, { error: 'validation.verifyPasswordRequired' })
      .max(256),
  })
  .refine((v) => v.password === v.verifyPassword, {
    error: 'validation.passwordMismatch',
    path: ['verifyPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The user centre's profile of the logged-in user. */
export const ZMyProfile = z.object({
  id: z.number().int(),
  uname: z.string(),
  name: z.string(),
  roleName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
});
export type MyProfile = z.infer<typeof ZMyProfile>;

/** Business profile shown in the header (spec §1); issue "system set-up" edits it. */
export const ZBusinessProfile = z.object({
  name: z.string(),
  street: z.string(),
  suite: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  timeZone: z.string(),
});
export type BusinessProfile = z.infer<typeof ZBusinessProfile>;

/** Freeze / unfreeze an account (spec §4 isBlocking). */
export const ZBlockRequest = z.object({ id: ZRecordId, blocked: z.boolean() });
