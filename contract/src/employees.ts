import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth';
import { requiredCalendarDate, ZCalendarDate } from './calendar';
import { ZPhoneText } from './customer-fields';
import { whenMissing } from './fields';
import { INT4_MAX, int4, ZRecordId, ZRecordIdQuery, ZVersion } from './ids';
import { ZListRequest } from './list';
import { NUMBER_RANGES, rangedInt } from './number-ranges';

/** Employee (spec §3, §4): employment status, login account status. */
export const EMPLOYMENT_STATUSES = ['active', 'terminated'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const ACCOUNT_STATUSES = ['normal', 'frozen'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Photos: a base64 data URL of one of these types, at most this many bytes once decoded. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const PHOTO_DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

const id = ZRecordId;

/** Free text that may be left empty: '' and null clear the field, undefined (in modify) keeps it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A phone that may be left empty, normalized like every phone (phone.ts). */
const optionalPhone = ZPhoneText.nullish().transform((v) => (v === undefined ? undefined : v || null));

const optionalDate = ZCalendarDate.nullish().or(z.literal('').transform(() => null));

const email = optionalText(160).refine((v) => v == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
  error: 'validation.emailFormat',
});

const uname = z
  .string({ error: whenMissing('validation.userNameRequired') })
  .trim()
  .min(1, { error: 'validation.userNameRequired' })
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, { error: 'validation.userNameFormat' });

const password = z
  .string({ error: whenMissing('validation.passwordRequired') })
  .min(1, { error: 'validation.passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordTooShort' })
  .max(256);

const verifyPassword = z
  .string({ error: whenMissing('validation.verifyPasswordRequired') })
  .min(1, { error: 'validation.verifyPasswordRequired' })
  .max(256);

/** The fields of the EmployeeInfo tab (spec §3 Employee), shared by add and modify. */
const profileFields = {
  name: z
    .string({ error: whenMissing('validation.nameRequired') })
    .trim()
    .min(1, { error: 'validation.nameRequired' })
    .max(96),
  /** Job role: one of the system roles. */
  roleId: z.number({ error: 'validation.jobRoleRequired' }).int().positive({ error: 'validation.jobRoleRequired' }).max(INT4_MAX),
  email,
  phone: optionalPhone,
  birthDate: optionalDate,
  hireDate: optionalDate,
  /** Unique; left empty on add, the next free `E####` is given. */
  employeeNo: optionalText(32),
  referredBy: optionalText(96),
  /** Where the employee works or lives (free text: a city, an office, a neighbourhood). */
  location: optionalText(160),
  driverLicenseNo: optionalText(32),
  driverLicenseExpiry: optionalDate,
  emergencyContact: optionalText(96),
  emergencyPhone: optionalPhone,
  notes: optionalText(2000),
};

export const EMPLOYEE_SORT_FIELDS = ['name', 'employeeNo', 'hireDate', 'lastLoginAt', 'createdAt'] as const;

/** Employee Profile list: search text matches name, employee number or phone. */
export const ZEmployeeListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(96).optional(),
  status: z.enum(EMPLOYMENT_STATUSES).optional(),
  accountStatus: z.enum(ACCOUNT_STATUSES).optional(),
  enabled: z.boolean().optional(),
  roleId: id.optional(),
  /** A team id, or 0 for employees in no team. */
  teamId: int4(0).optional(),
  /** Substring of the location text. */
  location: z.string().trim().max(160).optional(),
});
export type EmployeeListRequest = z.infer<typeof ZEmployeeListRequest>;

export const ZEmployeeListItem = z.object({
  id: z.number().int(),
  uname: z.string(),
  name: z.string(),
  employeeNo: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  roleCode: z.string(),
  /** In the caller's language. */
  roleName: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  teamColor: z.string().nullable(),
  teamTextColor: z.string().nullable(),
  isLeader: z.boolean(),
  location: z.string().nullable(),
  hireDate: z.string().nullable(),
  terminatedOn: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  status: z.enum(EMPLOYMENT_STATUSES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  enabled: z.boolean(),
  hasPhoto: z.boolean(),
  /** Changes whenever the photo does: put it in the photo URL (`&v=`) so browsers cache it for good. */
  photoTag: z.string().nullable(),
  version: z.number().int(),
});
export type EmployeeListItem = z.infer<typeof ZEmployeeListItem>;

export const ZSkillRef = z.object({ id: z.number().int(), nameEn: z.string(), nameZh: z.string() });

/** Everything about an employee but the password; checked skills for the Skills tab. */
export const ZEmployeeDetail = ZEmployeeListItem.extend({
  birthDate: z.string().nullable(),
  referredBy: z.string().nullable(),
  driverLicenseNo: z.string().nullable(),
  driverLicenseExpiry: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  notes: z.string().nullable(),
  terminationReason: z.string().nullable(),
  skillIds: z.array(z.number().int()),
  skills: z.array(ZSkillRef),
  createdAt: z.string(),
  updatedAt: z.string(),
  passwordChangedAt: z.string().nullable(),
});
export type EmployeeDetail = z.infer<typeof ZEmployeeDetail>;

export const ZEmployeeAddRequest = z
  .object({ uname, password, verifyPassword, ...profileFields, skillIds: z.array(id).max(50).optional() })
  .refine((v) => v.password === v.verifyPassword, { error: 'validation.passwordMismatch', path: ['verifyPassword'] });
export type EmployeeAddRequest = z.infer<typeof ZEmployeeAddRequest>;

/**
 * Modify: fields left out stay as they are. A password (with verifyPassword) replaces the current
 * one and ends the employee's sessions.
 */
export const ZEmployeeModifyRequest = z
  .object({
    id,
    version: ZVersion,
    uname: uname.optional(),
    password: password.optional(),
    verifyPassword: z.string().max(256).optional(),
    name: profileFields.name.optional(),
    roleId: profileFields.roleId.optional(),
    email: profileFields.email,
    phone: profileFields.phone,
    birthDate: profileFields.birthDate,
    hireDate: profileFields.hireDate,
    employeeNo: profileFields.employeeNo,
    referredBy: profileFields.referredBy,
    location: profileFields.location,
    driverLicenseNo: profileFields.driverLicenseNo,
    driverLicenseExpiry: profileFields.driverLicenseExpiry,
    emergencyContact: profileFields.emergencyContact,
    emergencyPhone: profileFields.emergencyPhone,
    notes: profileFields.notes,
  })
  .superRefine((v, ctx) => {
    if (v.password === undefined) return;
    if (!v.verifyPassword) {
      ctx.addIssue({ code: 'custom', message: 'validation.verifyPasswordRequired', path: ['verifyPassword'] });
    } else if (v.password !== v.verifyPassword) {
      ctx.addIssue({ code: 'custom', message: 'validation.passwordMismatch', path: ['verifyPassword'] });
    }
  });
export type EmployeeModifyRequest = z.infer<typeof ZEmployeeModifyRequest>;

/** Remove (soft): only an employee without history; otherwise terminate. */
export const ZEmployeeRemoveRequest = z.object({ id, version: ZVersion });

/** updateState (spec §4): enable or disable; disabling ends the employee's sessions. */
export const ZEmployeeUpdateStateRequest = z.object({ id, enabled: z.boolean() });

export const ZEmployeeTerminateRequest = z.object({
  id,
  terminatedOn: requiredCalendarDate('validation.terminatedOnRequired'),
  reason: z.string().trim().max(500).default(''),
  version: ZVersion.optional(),
});
export type EmployeeTerminateRequest = z.infer<typeof ZEmployeeTerminateRequest>;

export const ZEmployeeReinstateRequest = z.object({ id, version: ZVersion.optional() });

export const ZEmployeeSetSkillsRequest = z.object({ id, skillIds: z.array(id).max(50) });

/** The answer of the employee writes: the new version to send with the next change. */
export const ZEmployeeSaved = z.object({ id: z.number().int(), version: z.number().int() });

export const ZEmployeeStateResponse = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(EMPLOYMENT_STATUSES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  enabled: z.boolean(),
  terminatedOn: z.string().nullable(),
});

export const ZEmployeePhotoUploadRequest = z.object({
  id,
  dataUrl: z
    .string({ error: 'validation.photoFormat' })
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64, { error: 'validation.photoTooLarge' })
    .regex(PHOTO_DATA_URL, { error: 'validation.photoFormat' })
    .refine((v) => decodedLength(v) <= PHOTO_MAX_BYTES, { error: 'validation.photoTooLarge' }),
});
export const ZEmployeePhotoResponse = z.object({ id: z.number().int(), photoTag: z.string().nullable() });

/** GET /sysUser/photo?id=&v= (query strings are text). */
export const ZEmployeePhotoQuery = z.object({
  id: ZRecordIdQuery,
  v: z.string().max(64).optional(),
});

/** Splits a photo data URL into its type and bytes (base64), or null when it is not one. */
export function parsePhotoDataUrl(dataUrl: string): { contentType: (typeof PHOTO_TYPES)[number]; base64: string } | null {
  const match = PHOTO_DATA_URL.exec(dataUrl);
  if (!match) return null;
  return { contentType: `image/${match[1]}` as (typeof PHOTO_TYPES)[number], base64: match[2]! };
}

function decodedLength(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Job roles for the employee form and list filter (names in the caller's language). */
export const ZRoleOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  isSuper: z.boolean(),
});
export type RoleOption = z.infer<typeof ZRoleOption>;

// ── Skills: a list the office extends; employees carry a set of them ───────────────────────────

const skillName = z
  .string({ error: whenMissing('validation.skillNameRequired') })
  .trim()
  .min(1, { error: 'validation.skillNameRequired' })
  .max(64);

export const ZSkill = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameZh: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Employees (not removed) who have the skill. */
  employeeCount: z.number().int(),
  version: z.number().int(),
});
export type Skill = z.infer<typeof ZSkill>;

export const ZSkillListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  active: z.boolean().optional(),
});
export const ZSkillAddRequest = z.object({
  nameEn: skillName,
  nameZh: skillName,
  active: z.boolean().default(true),
  sortOrder: rangedInt(NUMBER_RANGES.sortOrder).default(0),
});
export type SkillAddRequest = z.infer<typeof ZSkillAddRequest>;
export const ZSkillModifyRequest = z.object({
  id,
  version: ZVersion,
  nameEn: skillName.optional(),
  nameZh: skillName.optional(),
  active: z.boolean().optional(),
  sortOrder: rangedInt(NUMBER_RANGES.sortOrder).optional(),
});
export type SkillModifyRequest = z.infer<typeof ZSkillModifyRequest>;
export const ZSkillRemoveRequest = z.object({ id, version: ZVersion });
