import { type QueryClient, useQuery } from '@tanstack/react-query';
import {
  Code,
  type EmployeeDetail,
  type LaborTypeOption,
  type ListResponse,
  type PayRate,
  type RoleOption,
  type Skill,
  type TeamBoard,
  type TeamDetail,
  type TeamOption,
  type ZoneOption,
} from '@tidyhouse/contract';
import { listQueryKey } from '@/components/ListPage';
import { ApiError, post } from '@/lib/http';

/** Endpoints of the employees domain (docs/api-conventions.md) and the lists they feed. */
export const URLS = {
  employeeList: '/sysUser/queryList',
  payList: '/sysUserPay/queryList',
  remarkList: '/sysUserRemark/queryList',
  leaveList: '/sysUserLeave/queryList',
  skillList: '/sysSkill/queryList',
  teamList: '/ygTeam/queryList',
} as const;

export const employeeKeys = {
  detail: (id: number) => ['employees', 'detail', id] as const,
  roleOptions: ['employees', 'roleOptions'] as const,
  currentPay: (userId: number) => ['employees', 'currentPay', userId] as const,
  photo: (id: number, tag: string) => ['employees', 'photo', id, tag] as const,
  /** Under the skill list's key: a change reloads the Manage skills list and every checkbox list. */
  skills: [...listQueryKey(URLS.skillList), 'all'] as const,
  teamOptions: ['teams', 'options'] as const,
  board: ['teams', 'board'] as const,
  teamDetail: (id: number) => ['teams', 'detail', id] as const,
  laborTypeOptions: ['laborTypes', 'options'] as const,
  zoneOptions: ['zones', 'options'] as const,
};

export function useEmployeeDetail(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.detail(id ?? 0),
    queryFn: () => post<EmployeeDetail>('/sysUser/detail', { id }),
    enabled: id !== undefined,
  });
}

export function useRoleOptions() {
  return useQuery({ queryKey: employeeKeys.roleOptions, queryFn: () => post<RoleOption[]>('/sysUser/roleOptions') });
}

export function useTeamOptions() {
  return useQuery({ queryKey: employeeKeys.teamOptions, queryFn: () => post<TeamOption[]>('/ygTeam/options') });
}

export function useLaborTypeOptions(enabled = true) {
  return useQuery({
    queryKey: employeeKeys.laborTypeOptions,
    queryFn: () => post<LaborTypeOption[]>('/laborType/options'),
    enabled,
  });
}

export function useZoneOptions(enabled = true) {
  return useQuery({ queryKey: employeeKeys.zoneOptions, queryFn: () => post<ZoneOption[]>('/zone/options'), enabled });
}

/** The whole skill list (active and inactive; the office keeps it short). */
export function useSkills() {
  return useQuery({
    queryKey: employeeKeys.skills,
    queryFn: () => post<ListResponse<Skill>>(URLS.skillList, { pageNum: 1, pageSize: 100 }).then((page) => page.list),
  });
}

export function useCurrentPay(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: employeeKeys.currentPay(userId),
    queryFn: () => post<PayRate | null>('/sysUserPay/current', { userId }),
    enabled,
  });
}

export function useTeamBoard() {
  return useQuery({ queryKey: employeeKeys.board, queryFn: () => post<TeamBoard>('/ygTeam/board') });
}

export function useTeamDetail(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.teamDetail(id ?? 0),
    queryFn: () => post<TeamDetail>('/ygTeam/detail', { id }),
    enabled: id !== undefined,
  });
}

// Today in the business time zone, for the default dates of forms (one helper for every screen).
export { useBusinessToday } from '@/lib/dateTime';

/**
 * A stale version (10009): someone else changed the record first. The server's message has been
 * shown; the dialog closes and the reloaded list hands out the current version to edit again.
 */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === Code.CONFLICT;
}

/** After an employee changed: their detail, the employee list, and the team board that shows them. */
export function invalidateEmployee(queryClient: QueryClient, id?: number): Promise<unknown> {
  return Promise.all([
    id === undefined
      ? queryClient.invalidateQueries({ queryKey: ['employees', 'detail'] })
      : queryClient.invalidateQueries({ queryKey: employeeKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.employeeList) }),
    queryClient.invalidateQueries({ queryKey: employeeKeys.board }),
  ]);
}

/** After a team or a membership changed: the board, team pickers, team lists and the employee list. */
export function invalidateTeams(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['teams'] }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.teamList) }),
    queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.employeeList) }),
    queryClient.invalidateQueries({ queryKey: ['employees', 'detail'] }),
  ]);
}
