import { z } from 'zod';
import { requiredCalendarDate } from './calendar';
import { ACCOUNT_STATUSES } from './employees';
import { whenMissing } from './fields';
import { INT4_MAX, ZRecordId, ZVersion } from './ids';
import { ZListRequest } from './list';

const id = ZRecordId;
const version = ZVersion;
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorFormat' });

const teamName = z
  .string({ error: whenMissing('validation.teamNameRequired') })
  .trim()
  .min(1, { error: 'validation.teamNameRequired' })
  .max(64);

/** A team as an option of pickers and filters on other screens. */
export const ZTeamOption = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  textColor: z.string(),
  active: z.boolean(),
});
export type TeamOption = z.infer<typeof ZTeamOption>;

/** A team member, or an unassigned employee on the board. */
export const ZTeamMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  uname: z.string(),
  employeeNo: z.string().nullable(),
  phone: z.string().nullable(),
  roleCode: z.string(),
  /** In the caller's language. */
  roleName: z.string(),
  isLeader: z.boolean(),
  hasPhoto: z.boolean(),
  photoTag: z.string().nullable(),
  enabled: z.boolean(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  /** The employee's version: send it with changeTeam to refuse a move someone else made first. */
  version: z.number().int(),
});
export type TeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamOutage = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type TeamOutage = z.infer<typeof ZTeamOutage>;

export const TEAM_SORT_FIELDS = ['name', 'createdAt'] as const;

export const ZTeamListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  active: z.boolean().optional(),
  zoneId: id.optional(),
});

export const ZTeamListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  textColor: z.string(),
  vehicle: z.string(),
  mobile: z.string(),
  active: z.boolean(),
  defaultZoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  memberCount: z.number().int(),
  leaderId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  /** Whether an outage covers today (business time zone). */
  outToday: z.boolean(),
  version: z.number().int(),
});
export type TeamListItem = z.infer<typeof ZTeamListItem>;

export const ZTeamDetail = ZTeamListItem.extend({
  members: z.array(ZTeamMember),
  /** Every outage, latest first. */
  outages: z.array(ZTeamOutage),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamDetail = z.infer<typeof ZTeamDetail>;

const teamFields = {
  name: teamName,
  /** Primary colour of the team on boards and calendars, and the text colour drawn on it. */
  color,
  textColor: color.default('#ffffff'),
  vehicle: z.string().trim().max(64).default(''),
  mobile: z.string().trim().max(32).default(''),
  /** A zone of Zone Management, or none. */
  defaultZoneId: id.nullish(),
  active: z.boolean().default(true),
};

export const ZTeamAddRequest = z.object(teamFields);
export type TeamAddRequest = z.infer<typeof ZTeamAddRequest>;
export const ZTeamModifyRequest = z.object({
  id,
  version,
  name: teamName.optional(),
  color: color.optional(),
  textColor: color.optional(),
  vehicle: z.string().trim().max(64).optional(),
  mobile: z.string().trim().max(32).optional(),
  defaultZoneId: id.nullish(),
});
export type TeamModifyRequest = z.infer<typeof ZTeamModifyRequest>;
export const ZTeamRemoveRequest = z.object({ id, version });
export const ZTeamUpdateStateRequest = z.object({ id, active: z.boolean() });
export const ZTeamSaved = z.object({ id: z.number().int(), version: z.number().int() });

export const ZTeamOutageAddRequest = z
  .object({
    teamId: id,
    startDate: requiredCalendarDate('validation.startDateRequired'),
    endDate: requiredCalendarDate('validation.startDateRequired'),
    reason: z
      .string({ error: whenMissing('validation.reasonRequired') })
      .trim()
      .min(1, { error: 'validation.reasonRequired' })
      .max(500),
  })
  .refine((v) => v.endDate >= v.startDate, { error: 'validation.endBeforeStart', path: ['endDate'] });
export type TeamOutageAddRequest = z.infer<typeof ZTeamOutageAddRequest>;
export const ZTeamOutageRemoveRequest = z.object({ id });

/** The Team Builder board: active teams with their members, and active employees in no team. */
export const ZTeamBoard = z.object({
  teams: z.array(ZTeamListItem.extend({ members: z.array(ZTeamMember) })),
  unassigned: z.array(ZTeamMember),
});
export type TeamBoard = z.infer<typeof ZTeamBoard>;

/** Moves an employee into a team, or out of any (toTeamId null); version: the employee's, as read. */
export const ZChangeTeamRequest = z.object({
  userId: z.number({ error: 'validation.employeeRequired' }).int().min(1).max(INT4_MAX),
  toTeamId: id.nullable(),
  version: version.optional(),
});
export type ChangeTeamRequest = z.infer<typeof ZChangeTeamRequest>;
export const ZChangeTeamResponse = z.object({
  userId: z.number().int(),
  fromTeamId: z.number().int().nullable(),
  toTeamId: z.number().int().nullable(),
  version: z.number().int(),
});

export const ZSetLeaderRequest = z.object({
  teamId: z.number({ error: 'validation.teamRequired' }).int().min(1).max(INT4_MAX),
  userId: z.number({ error: 'validation.employeeRequired' }).int().min(1).max(INT4_MAX),
});
