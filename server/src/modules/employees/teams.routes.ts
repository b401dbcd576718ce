import {
  AUTHENTICATED,
  addDays,
  listResponseOf,
  STANDING_TEAM_CONFLICT_DAYS,
  withCausedConflicts,
  ZChangeTeamRequest,
  ZChangeTeamResponse,
  ZId,
  ZSetLeaderRequest,
  ZTeamAddRequest,
  ZTeamBoard,
  ZTeamDetail,
  ZTeamListItem,
  ZTeamListRequest,
  ZTeamModifyRequest,
  ZTeamOption,
  ZTeamOutageAddRequest,
  ZTeamOutageRemoveRequest,
  ZTeamRemoveRequest,
  ZTeamSaved,
  ZTeamUpdateStateRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { businessToday } from '../../platform/business-date';
import type { Deps } from '../../platform/deps';
import { defineRoute, ZEmpty } from '../../platform/route';
import { rangeOf, withConflicts } from '../service/conflicts/conflicts.query';
import { listTeams, teamBoard, teamDetail, teamOptions } from './teams.query';
import { addOutage, addTeam, changeTeam, modifyTeam, removeOutage, removeTeam, setLeader, setTeamActive } from './teams.service';

const TEAMS = '/employee/teambuilding';
const ZOutageSaved = z.object({ id: z.number().int(), teamId: z.number().int() });

/** Team Builder (spec §2, §7 /ygTeam). */
export async function teamsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/ygTeam/queryList',
    summary: 'List teams (paged, filtered)',
    permission: TEAMS,
    body: ZTeamListRequest,
    response: listResponseOf(ZTeamListItem),
    handler: (_request, body) => listTeams(db, body),
  });
  // Team pickers and filters of other screens (customers' preferred team, jobs, the employee list).
  defineRoute(app, {
    path: '/ygTeam/options',
    summary: 'Teams to choose from',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: z.array(ZTeamOption),
    handler: () => teamOptions(db),
  });
  defineRoute(app, {
    path: '/ygTeam/detail',
    summary: 'One team with its members',
    permission: TEAMS,
    body: ZId,
    response: ZTeamDetail,
    handler: (request, body) => teamDetail(db, body.id, request.locale),
  });
  defineRoute(app, {
    path: '/ygTeam/board',
    summary: 'The team builder board: teams and their members',
    permission: TEAMS,
    body: ZEmpty,
    response: ZTeamBoard,
    handler: (request) => teamBoard(db, request.locale),
  });
  defineRoute(app, {
    path: '/ygTeam/add',
    summary: 'Add a team',
    permission: TEAMS,
    body: ZTeamAddRequest,
    response: ZTeamSaved,
    handler: (request, body) => db.transaction((tx) => addTeam(tx, request, body)),
  });
  defineRoute(app, {
    path: '/ygTeam/modify',
    summary: 'Edit a team',
    permission: TEAMS,
    body: ZTeamModifyRequest,
    response: ZTeamSaved,
    handler: (request, body) => db.transaction((tx) => modifyTeam(tx, request, body)),
  });
  defineRoute(app, {
    path: '/ygTeam/remove',
    summary: 'Delete a team',
    permission: TEAMS,
    body: ZTeamRemoveRequest,
    response: ZTeamSaved,
    handler: (request, body) => db.transaction((tx) => removeTeam(tx, request, body)),
  });
  defineRoute(app, {
    path: '/ygTeam/updateState',
    summary: 'Enable or disable a team',
    permission: TEAMS,
    body: ZTeamUpdateStateRequest,
    response: ZTeamSaved,
    handler: (request, body) => db.transaction((tx) => setTeamActive(tx, request, body)),
  });
  defineRoute(app, {
    path: '/ygTeam/addOutage',
    summary: 'Record a period a team is out of service',
    permission: TEAMS,
    body: ZTeamOutageAddRequest,
    // The outage is saved over the team's jobs; the answer lists them (issue 20).
    response: withCausedConflicts(ZOutageSaved),
    handler: (request, body) =>
      db.transaction((tx) =>
        withConflicts(tx, request.locale, rangeOf(body.startDate, body.endDate), () => addOutage(tx, request, body)),
      ),
  });
  defineRoute(app, {
    path: '/ygTeam/removeOutage',
    summary: "Delete a team's out-of-service period",
    permission: TEAMS,
    body: ZTeamOutageRemoveRequest,
    response: ZOutageSaved,
    handler: (request, body) => db.transaction((tx) => removeOutage(tx, request, body)),
  });
  defineRoute(app, {
    path: '/ygTeam/changeTeam',
    summary: 'Move an employee to another team',
    permission: TEAMS,
    body: ZChangeTeamRequest,
    // The standing teams hold for every day without a stored assignment: the coming weeks are checked.
    response: withCausedConflicts(ZChangeTeamResponse),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const from = await businessToday(tx);
        const to = addDays(from, STANDING_TEAM_CONFLICT_DAYS - 1);
        return withConflicts(tx, request.locale, { from, to }, () => changeTeam(tx, request, body));
      }),
  });
  defineRoute(app, {
    path: '/ygTeam/setLeader',
    summary: "Set a team's leader",
    permission: TEAMS,
    body: ZSetLeaderRequest,
    response: z.object({ teamId: z.number().int(), leaderId: z.number().int() }),
    handler: (request, body) => db.transaction((tx) => setLeader(tx, request, body)),
  });
}
