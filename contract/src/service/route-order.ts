import { z } from 'zod';
import { ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { driveEstimate, type LatLng } from './board';

/**
 * Route order (issue 20; docs/business-rules.md "Route order"): the order of a team's jobs of a day
 * that drives least, by the board's ZIP-centroid estimates, without causing a conflict the current
 * order does not have (an arrival window it keeps, the closing time it keeps, a member's leave it
 * misses). Pure: the suggestion endpoint, the apply endpoint and the bench call the same functions.
 */

/** Up to this many jobs every order is tried (8! = 40,320, cut by bounds); above, a heuristic. */
export const ROUTE_EXACT_MAX = 8;

export interface RouteStop {
  id: number;
  /** The ZIP centroid of the job's address; null when unknown (no drive counted to or from it). */
  location: LatLng | null;
  startMinutes: number;
  /** Wall-clock minutes on site for the crew of the day: kept as is by a new order. */
  durationMinutes: number;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
}

export interface RouteDay {
  /** Where the first drive starts (the office ZIP's centroid), as on the board. */
  office: LatLng | null;
  /** The team's jobs of the day, in any order (the current order is by start, then id). */
  stops: readonly RouteStop[];
  closingMinutes: number;
  /** New start times are rounded up to the board's grid. */
  slotMinutes: number;
  /** Leave of the team's members that day, minutes [from, to). */
  leaves?: readonly { fromMinutes: number; toMinutes: number }[];
}

export interface PlacedStop {
  id: number;
  startMinutes: number;
  durationMinutes: number;
  /** Drive from the previous stop (the office for the first); null when a ZIP is unknown. */
  driveMinutes: number | null;
}

export interface RouteSuggestion {
  current: PlacedStop[];
  suggested: PlacedStop[];
  currentDriveMinutes: number;
  suggestedDriveMinutes: number;
  savingMinutes: number;
  /** Every order was compared (up to ROUTE_EXACT_MAX jobs), or the heuristic answered. */
  exact: boolean;
}

const ceilTo = (minutes: number, step: number) => Math.ceil(minutes / step) * step;
const overlaps = (aFrom: number, aTo: number, bFrom: number, bTo: number) => aFrom < bTo && bFrom < aTo;

/** The current order: by start, then id (the board's order). */
export function currentOrder(stops: readonly RouteStop[]): RouteStop[] {
  return [...stops].sort((a, b) => a.startMinutes - b.startMinutes || a.id - b.id);
}

/**
 * Drive minutes between stops: row and column 0 are the office, i + 1 is `stops[i]`. Null where a
 * location is unknown (the board shows no drive there and counts none).
 */
function driveMatrix(office: LatLng | null, stops: readonly RouteStop[]): (number | null)[][] {
  const places = [office, ...stops.map((s) => s.location)];
  return places.map((a) => places.map((b) => (a && b ? driveEstimate(a, b).minutes : null)));
}

/** What a stop must keep in a new order: what it has in the current one. */
interface Keeps {
  window: boolean;
  inHours: boolean;
  /** Indexes of the leaves the job does not touch now (it must not touch them after). */
  clearOf: number[];
}

function keepsOf(day: RouteDay, stop: RouteStop): Keeps {
  const end = stop.startMinutes + stop.durationMinutes;
  const from = stop.windowStartMinutes;
  const to = stop.windowEndMinutes;
  const leaves = day.leaves ?? [];
  return {
    window: (from === null || stop.startMinutes >= from) && (to === null || stop.startMinutes <= to),
    inHours: end <= day.closingMinutes,
    clearOf: leaves.flatMap((l, i) => (overlaps(l.fromMinutes, l.toMinutes, stop.startMinutes, end) ? [] : [i])),
  };
}

/**
 * The earliest start of a stop reached at `ready`: not before its window opens, on the grid, after
 * any leave it must stay clear of. Null when that breaks something the stop keeps now.
 */
function placeAt(day: RouteDay, stop: RouteStop, keeps: Keeps, ready: number, onGrid: boolean, strict = true): number | null {
  let start = Math.max(ready, stop.windowStartMinutes ?? ready);
  if (onGrid || start !== ready) start = ceilTo(start, day.slotMinutes);
  const leaves = day.leaves ?? [];
  for (let moved = true; moved; ) {
    moved = false;
    for (const i of keeps.clearOf) {
      const leave = leaves[i]!;
      if (overlaps(leave.fromMinutes, leave.toMinutes, start, start + stop.durationMinutes)) {
        start = ceilTo(leave.toMinutes, day.slotMinutes);
        moved = true;
      }
    }
  }
  if (!strict) return start;
  if (keeps.window && stop.windowEndMinutes !== null && start > stop.windowEndMinutes) return null;
  if (keeps.inHours && start + stop.durationMinutes > day.closingMinutes) return null;
  return start;
}

/** A route ready to be searched: the stops in current order, their drives and what each keeps. */
interface Prepared {
  day: RouteDay;
  stops: RouteStop[];
  drives: (number | null)[][];
  keeps: Keeps[];
  /** The day's first start: a new order starts when the current one does. */
  dayStart: number;
}

function prepare(day: RouteDay): Prepared {
  const stops = currentOrder(day.stops);
  return {
    day,
    stops,
    drives: driveMatrix(day.office, stops),
    keeps: stops.map((s) => keepsOf(day, s)),
    dayStart: stops[0]?.startMinutes ?? 0,
  };
}

const legOf = (p: Prepared, from: number | null, to: number) => p.drives[from === null ? 0 : from + 1]![to + 1] ?? null;

/** Total drive of an order of indexes into `p.stops` (unknown legs count 0, as on the board). */
function driveOf(p: Prepared, order: readonly number[]): number {
  let total = 0;
  order.forEach((stop, i) => {
    total += legOf(p, i === 0 ? null : order[i - 1]!, stop) ?? 0;
  });
  return total;
}

/** Start times of an order, one after another with the drive between; null if one breaks a keep. */
function timesOf(p: Prepared, order: readonly number[], strict = true): number[] | null {
  const starts: number[] = [];
  let ready = p.dayStart;
  for (let i = 0; i < order.length; i++) {
    const k = order[i]!;
    const stop = p.stops[k]!;
    if (i > 0) ready += legOf(p, order[i - 1]!, k) ?? 0;
    const start = placeAt(p.day, stop, p.keeps[k]!, ready, i > 0, strict);
    if (start === null) return null;
    starts.push(start);
    ready = start + stop.durationMinutes;
  }
  return starts;
}

function placed(p: Prepared, order: readonly number[], starts: readonly number[]): PlacedStop[] {
  return order.map((k, i) => ({
    id: p.stops[k]!.id,
    startMinutes: starts[i]!,
    durationMinutes: p.stops[k]!.durationMinutes,
    driveMinutes: legOf(p, i === 0 ? null : order[i - 1]!, k),
  }));
}

/** Every order, depth first, cut where the drive so far is no better or a stop breaks a keep. */
function exactSearch(p: Prepared, bound: number): number[] | null {
  const n = p.stops.length;
  const used = new Array<boolean>(n).fill(false);
  const path: number[] = [];
  let best: number[] | null = null;
  let bestDrive = bound;
  const visit = (ready: number, drive: number) => {
    if (path.length === n) {
      best = [...path];
      bestDrive = drive;
      return;
    }
    const last = path.length === 0 ? null : path[path.length - 1]!;
    for (let k = 0; k < n; k++) {
      if (used[k]) continue;
      const leg = legOf(p, last, k) ?? 0;
      if (drive + leg >= bestDrive) continue;
      const start = placeAt(p.day, p.stops[k]!, p.keeps[k]!, last === null ? ready : ready + leg, last !== null);
      if (start === null) continue;
      used[k] = true;
      path.push(k);
      visit(start + p.stops[k]!.durationMinutes, drive + leg);
      path.pop();
      used[k] = false;
    }
  };
  visit(p.dayStart, 0);
  return best;
}

/** Nearest neighbour from the office, taking the nearest stop that can still be placed. */
function nearestNeighbour(p: Prepared): number[] | null {
  const left = new Set(p.stops.map((_, k) => k));
  const order: number[] = [];
  while (left.size > 0) {
    const last = order.length === 0 ? null : order[order.length - 1]!;
    const options = [...left].map((k) => ({ k, leg: legOf(p, last, k) ?? 0 })).sort((a, b) => a.leg - b.leg || a.k - b.k);
    const next = options.find((o) => timesOf(p, [...order, o.k]) !== null);
    if (!next) return null;
    order.push(next.k);
    left.delete(next.k);
  }
  return order;
}

/** 2-opt (reverse a stretch) and or-opt (move one stop), keeping only placeable, shorter orders. */
function improve(p: Prepared, start: number[]): number[] {
  let order = start;
  let drive = driveOf(p, order);
  const n = order.length;
  for (let round = 0, better = true; better && round < 100; round++) {
    better = false;
    const tries: number[][] = [];
    for (let i = 0; i < n - 1; i++) {
      for (let k = i + 1; k < n; k++) {
        tries.push([...order.slice(0, i), ...order.slice(i, k + 1).reverse(), ...order.slice(k + 1)]);
      }
    }
    for (let i = 0; i < n; i++) {
      const without = [...order.slice(0, i), ...order.slice(i + 1)];
      for (let j = 0; j < n; j++) if (j !== i) tries.push([...without.slice(0, j), order[i]!, ...without.slice(j)]);
    }
    for (const candidate of tries) {
      const d = driveOf(p, candidate);
      if (d < drive && timesOf(p, candidate) !== null) {
        order = candidate;
        drive = d;
        better = true;
      }
    }
  }
  return order;
}

/**
 * The start times and drives of `ids` in that order; null if the ids are not the day's jobs, or
 * (strict) if the order breaks what the current one keeps. Not strict, it places them anyway, for the
 * conflict check to judge (the apply call).
 */
export function placeRoute(
  day: RouteDay,
  ids: readonly number[],
  { strict = true }: { strict?: boolean } = {},
): { stops: PlacedStop[]; driveMinutes: number } | null {
  const p = prepare(day);
  const index = new Map(p.stops.map((s, k) => [s.id, k]));
  const order = ids.map((id) => index.get(id));
  if (order.length !== p.stops.length || new Set(ids).size !== ids.length || order.some((k) => k === undefined)) return null;
  const ks = order as number[];
  const starts = timesOf(p, ks, strict);
  return starts ? { stops: placed(p, ks, starts), driveMinutes: driveOf(p, ks) } : null;
}

/**
 * The order that drives least: every order up to ROUTE_EXACT_MAX jobs, else nearest neighbour and
 * the current order improved by 2-opt and or-opt. Only an order that drives strictly less and keeps
 * what the current order keeps replaces it; otherwise the current order (and times) are the answer.
 */
export function suggestRouteOrder(day: RouteDay): RouteSuggestion {
  const p = prepare(day);
  const identity = p.stops.map((_, k) => k);
  const current = placed(
    p,
    identity,
    p.stops.map((s) => s.startMinutes),
  );
  const currentDrive = driveOf(p, identity);
  const exact = p.stops.length <= ROUTE_EXACT_MAX;
  let best: number[] | null = null;
  if (exact) best = exactSearch(p, currentDrive);
  else {
    const seeds = [nearestNeighbour(p), timesOf(p, identity) ? identity : null];
    for (const seed of seeds) {
      if (!seed) continue;
      const better = improve(p, seed);
      if (driveOf(p, better) < (best ? driveOf(p, best) : currentDrive)) best = better;
    }
  }
  const starts = best ? timesOf(p, best) : null;
  if (!best || !starts) {
    return {
      current,
      suggested: current,
      currentDriveMinutes: currentDrive,
      suggestedDriveMinutes: currentDrive,
      savingMinutes: 0,
      exact,
    };
  }
  const suggestedDrive = driveOf(p, best);
  return {
    current,
    suggested: placed(p, best, starts),
    currentDriveMinutes: currentDrive,
    suggestedDriveMinutes: suggestedDrive,
    savingMinutes: currentDrive - suggestedDrive,
    exact,
  };
}

// The calls (`/jhSchedule/suggestOrder`, `/jhSchedule/applyOrder`).

export const ZRouteOrderRequest = z.object({ teamId: ZRecordId, date: ZIsoDate });
export type RouteOrderRequest = z.infer<typeof ZRouteOrderRequest>;

const ZRouteStopView = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  customerName: z.string(),
  zip: z.string(),
  startMinutes: z.number().int(),
  durationMinutes: z.number().int(),
  windowStartMinutes: z.number().int().nullable(),
  windowEndMinutes: z.number().int().nullable(),
  driveMinutes: z.number().int().nullable(),
});
export type RouteStopView = z.infer<typeof ZRouteStopView>;

export const ZRouteOrderSuggestion = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  date: z.string(),
  current: z.array(ZRouteStopView),
  suggested: z.array(ZRouteStopView),
  currentDriveMinutes: z.number().int(),
  suggestedDriveMinutes: z.number().int(),
  savingMinutes: z.number().int(),
  /** The suggested order differs from the current one. */
  changed: z.boolean(),
  exact: z.boolean(),
});
export type RouteOrderSuggestion = z.infer<typeof ZRouteOrderSuggestion>;

export const ZApplyRouteOrderRequest = z.object({
  teamId: ZRecordId,
  date: ZIsoDate,
  /** Every job of the team's day, in the new order, with the version the suggestion showed. */
  jobs: z
    .array(z.object({ id: ZRecordId, version: ZVersion }))
    .min(1)
    .max(100),
});
export type ApplyRouteOrderRequest = z.infer<typeof ZApplyRouteOrderRequest>;

export const ZRouteOrderApplied = z.object({
  teamId: z.number().int(),
  date: z.string(),
  jobs: z.array(
    z.object({
      id: z.number().int(),
      version: z.number().int(),
      startMinutes: z.number().int(),
      durationMinutes: z.number().int(),
    }),
  ),
  driveMinutes: z.number().int(),
  savingMinutes: z.number().int(),
});
export type RouteOrderApplied = z.infer<typeof ZRouteOrderApplied>;
