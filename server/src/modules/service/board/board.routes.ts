import {
  ZBoardDay,
  ZBoardDayRequest,
  ZBoardMoveResult,
  ZBoardStamp,
  ZBoardWeek,
  ZMoveJobRequest,
  ZNotifyOnTheWayRequest,
  ZNotifyOnTheWayResult,
  ZResizeJobRequest,
  ZUnassignJobRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { notifyOnTheWay } from '../../messaging/events/on-the-way';
import { boardDay, boardStamp, boardWeek } from './board.query';
import { moveJob, resizeJob, unassignJob } from './board.service';

/** The Schedule Board screen's key (Quick Links' /quick/schedule carries the same). */
export const BOARD_KEY = '/service/schedule';

/** Schedule board (issue 10; `/jhSchedule/*` except updateBoard, which daily assignments own). */
export async function boardRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/jhSchedule/queryBoard',
    summary: 'Schedule board, day view: teams, members of the day, jobs, tasks, the unassigned tray',
    permission: BOARD_KEY,
    body: ZBoardDayRequest,
    response: ZBoardDay,
    handler: (request, body) => boardDay(db, body.date, request.locale),
  });
  defineRoute(app, {
    path: '/jhSchedule/queryWeek',
    summary: "Schedule board, week view: each team's clean hours and revenue per day against the goals",
    permission: BOARD_KEY,
    body: ZBoardDayRequest,
    response: ZBoardWeek,
    handler: (_request, body) => boardWeek(db, body.date),
  });
  defineRoute(app, {
    path: '/jhSchedule/boardStamp',
    summary: "The change stamp of a date's board (polled; the board reloads only when it differs)",
    permission: BOARD_KEY,
    body: ZBoardDayRequest,
    response: ZBoardStamp,
    handler: (_request, body) => boardStamp(db, body.date),
  });
  defineRoute(app, {
    path: '/jhSchedule/moveJob',
    summary: 'Put a job on a team at a date and start time (from the tray or another place)',
    permission: BOARD_KEY,
    body: ZMoveJobRequest,
    response: ZBoardMoveResult,
    handler: (request, body) => db.transaction((tx) => moveJob(tx, request, body)),
  });
  defineRoute(app, {
    path: '/jhSchedule/unassignJob',
    summary: 'Take a scheduled job back to the unassigned tray',
    permission: BOARD_KEY,
    body: ZUnassignJobRequest,
    response: ZBoardMoveResult,
    handler: (request, body) => db.transaction((tx) => unassignJob(tx, request, body)),
  });
  defineRoute(app, {
    path: '/jhSchedule/notifyOnTheWay',
    summary: 'Tell the customer the team is on its way to a job of today (once per job and day)',
    permission: BOARD_KEY,
    body: ZNotifyOnTheWayRequest,
    response: ZNotifyOnTheWayResult,
    handler: (request, body) => db.transaction((tx) => notifyOnTheWay(tx, request, body.id)),
  });
  defineRoute(app, {
    path: '/jhSchedule/resizeJob',
    summary: "Change a scheduled job's length on the board",
    permission: BOARD_KEY,
    body: ZResizeJobRequest,
    response: ZBoardMoveResult,
    handler: (request, body) => db.transaction((tx) => resizeJob(tx, request, body)),
  });
}
