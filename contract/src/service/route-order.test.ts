import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { driveEstimate, type LatLng } from './board';
import { conflictsCaused, findConflicts, type ScheduleDay } from './conflicts';
import { type PlacedStop, placeRoute, type RouteDay, type RouteStop, suggestRouteOrder } from './route-order';

// Points on one meridian: 0.05° of latitude is about 3.5 miles.
const at = (latitude: number): LatLng => ({ latitude, longitude: -118 });
const OFFICE = at(34);
const stop = (id: number, latitude: number, start: number, over: Partial<RouteStop> = {}): RouteStop => ({
  id,
  location: at(latitude),
  startMinutes: start,
  durationMinutes: 60,
  windowStartMinutes: null,
  windowEndMinutes: null,
  ...over,
});
const dayOf = (stops: RouteStop[], over: Partial<RouteDay> = {}): RouteDay => ({
  office: OFFICE,
  stops,
  closingMinutes: 19 * 60,
  slotMinutes: 15,
  ...over,
});
const leg = (a: number, b: number) => driveEstimate(at(a), at(b)).minutes;
const ids = (stops: PlacedStop[]) => stops.map((s) => s.id);

describe('suggestRouteOrder: the worked example of docs/business-rules.md "Route order"', () => {
  // A is near the office, C halfway out, B furthest; the day runs A, B, C (out, back, out again).
  const a = stop(1, 34.05, 540);
  const b = stop(2, 34.2, 630);
  const c = stop(3, 34.1, 720);

  it('puts C between A and B, one after another from the first start, and counts the saving', () => {
    const s = suggestRouteOrder(dayOf([c, a, b]));
    expect(ids(s.current)).toEqual([1, 2, 3]);
    expect(s.currentDriveMinutes).toBe(leg(34, 34.05) + leg(34.05, 34.2) + leg(34.2, 34.1));
    expect(ids(s.suggested)).toEqual([1, 3, 2]);
    expect(s.suggestedDriveMinutes).toBe(leg(34, 34.05) + leg(34.05, 34.1) + leg(34.1, 34.2));
    expect(s.savingMinutes).toBe(s.currentDriveMinutes - s.suggestedDriveMinutes);
    expect(s.savingMinutes).toBeGreaterThan(0);
    // 09:00 as before; C after A's hour and the drive, rounded up to the grid; B likewise.
    const cStart = Math.ceil((600 + leg(34.05, 34.1)) / 15) * 15;
    const bStart = Math.ceil((cStart + 60 + leg(34.1, 34.2)) / 15) * 15;
    expect(s.suggested.map((x) => x.startMinutes)).toEqual([540, cStart, bStart]);
    expect(s.suggested.every((x) => x.durationMinutes === 60)).toBe(true);
    expect(s.exact).toBe(true);
  });

  it('keeps the current order when the shorter one would start B after its arrival window', () => {
    const s = suggestRouteOrder(dayOf([a, { ...b, windowStartMinutes: 600, windowEndMinutes: 660 }, c]));
    expect(ids(s.suggested)).toEqual([1, 2, 3]);
    expect(s.suggested).toEqual(s.current);
    expect(s.savingMinutes).toBe(0);
  });

  it('moves a job past a leave it does not touch now', () => {
    // A member is away 10:15–10:30: no job meets it today; C would start at 10:15 in the new order.
    const s = suggestRouteOrder(dayOf([a, b, c], { leaves: [{ fromMinutes: 615, toMinutes: 630 }] }));
    expect(ids(s.suggested)).toEqual([1, 3, 2]);
    expect(s.suggested[1]!.startMinutes).toBe(630);
  });

  it('answers the current order for one job, and for stops whose ZIP is unknown (no drive to save)', () => {
    expect(suggestRouteOrder(dayOf([a])).savingMinutes).toBe(0);
    const unknown = suggestRouteOrder(dayOf([a, b, c].map((x) => ({ ...x, location: null }))));
    expect(unknown.currentDriveMinutes).toBe(0);
    expect(ids(unknown.suggested)).toEqual([1, 2, 3]);
  });

  it('placeRoute refuses an order that is not the same jobs, or that breaks a kept window', () => {
    const day = dayOf([a, { ...b, windowEndMinutes: 660 }, c]);
    expect(placeRoute(day, [1, 3])).toBeNull();
    expect(placeRoute(day, [1, 3, 3])).toBeNull();
    expect(placeRoute(day, [1, 3, 2])).toBeNull();
    // Not strict (the apply call), it is placed for the conflict check to judge: B starts after 11:00.
    expect(placeRoute(day, [1, 3, 2], { strict: false })!.stops[2]!.startMinutes).toBeGreaterThan(660);
    expect(placeRoute(day, [1, 2, 3])!.driveMinutes).toBe(suggestRouteOrder(day).currentDriveMinutes);
  });

  it('above 8 jobs the heuristic still finds the out-and-back saving', () => {
    // Ten stops on a line, visited far, near, far, near…: the line in order drives far less.
    const lats = [34.5, 34.05, 34.45, 34.1, 34.4, 34.15, 34.35, 34.2, 34.3, 34.25];
    const stops = lats.map((lat, i) => stop(i + 1, lat, 420 + i * 60, { durationMinutes: 30 }));
    const s = suggestRouteOrder(dayOf(stops));
    expect(s.exact).toBe(false);
    const sorted = [...stops].sort((x, y) => x.location!.latitude - y.location!.latitude).map((x) => x.id);
    expect(ids(s.suggested)).toEqual(sorted);
    expect(s.savingMinutes).toBeGreaterThan(0);
  });
});

/** A random team day: stops one after another from 07:00 with random gaps, windows and a leave. */
const arbDay = (maxStops: number) =>
  fc
    .record({
      stops: fc.array(
        fc.record({
          lat: fc.double({ min: 33.8, max: 34.4, noNaN: true }),
          lng: fc.double({ min: -118.4, max: -117.8, noNaN: true }),
          known: fc.integer({ min: 0, max: 7 }).map((n) => n > 0),
          slots: fc.integer({ min: 1, max: 12 }),
          gap: fc.integer({ min: 0, max: 90 }),
          window: fc.option(fc.record({ before: fc.integer({ min: 0, max: 180 }), after: fc.integer({ min: 0, max: 180 }) })),
        }),
        { minLength: 1, maxLength: maxStops },
      ),
      leave: fc.option(fc.record({ from: fc.integer({ min: 420, max: 1100 }), length: fc.integer({ min: 15, max: 240 }) })),
      closing: fc.integer({ min: 1000, max: 1200 }),
    })
    .map(({ stops, leave, closing }): RouteDay => {
      let t = 420;
      const routeStops = stops.map((s, i): RouteStop => {
        const start = t + s.gap;
        t = start + s.slots * 15;
        return {
          id: i + 1,
          location: s.known ? { latitude: s.lat, longitude: s.lng } : null,
          startMinutes: start,
          durationMinutes: s.slots * 15,
          windowStartMinutes: s.window ? start - s.window.before : null,
          windowEndMinutes: s.window ? start + s.window.after - 60 : null,
        };
      });
      return {
        office: { latitude: 34.1, longitude: -118.1 },
        stops: routeStops,
        closingMinutes: closing,
        slotMinutes: 15,
        leaves: leave ? [{ fromMinutes: leave.from, toMinutes: leave.from + leave.length }] : [],
      };
    });

/** The day as the conflict check sees it: one team of one member, the leave theirs. */
const scheduleOf = (day: RouteDay, placed: PlacedStop[]): ScheduleDay => {
  const byId = new Map(day.stops.map((s) => [s.id, s]));
  return {
    date: '2026-12-02',
    openingMinutes: 7 * 60,
    closingMinutes: day.closingMinutes,
    teams: [{ id: 1, members: 1, out: false }],
    leaves: (day.leaves ?? []).map((l) => ({ teamId: 1, userId: 9, fromMinutes: l.fromMinutes, toMinutes: l.toMinutes })),
    jobs: placed.map((p) => ({
      id: p.id,
      teamId: 1,
      startMinutes: p.startMinutes,
      wallMinutes: p.durationMinutes,
      windowStartMinutes: byId.get(p.id)!.windowStartMinutes,
      windowEndMinutes: byId.get(p.id)!.windowEndMinutes,
    })),
  };
};

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('suggestRouteOrder: properties', () => {
  it('never drives longer, never causes a conflict the current order does not have, keeps every length', () => {
    fc.assert(
      fc.property(arbDay(12), (day) => {
        const s = suggestRouteOrder(day);
        expect([...ids(s.suggested)].sort((x, y) => x - y)).toEqual(day.stops.map((x) => x.id));
        expect(s.suggestedDriveMinutes).toBeLessThanOrEqual(s.currentDriveMinutes);
        expect(s.savingMinutes).toBe(s.currentDriveMinutes - s.suggestedDriveMinutes);
        expect(s.suggested.reduce((sum, x) => sum + (x.driveMinutes ?? 0), 0)).toBe(s.suggestedDriveMinutes);
        for (const x of s.suggested) {
          expect(x.durationMinutes).toBe(day.stops.find((y) => y.id === x.id)!.durationMinutes);
        }
        // One after another, from the current first start.
        s.suggested.forEach((x, i) => {
          const before = s.suggested[i - 1];
          if (before) expect(x.startMinutes).toBeGreaterThanOrEqual(before.startMinutes + before.durationMinutes);
        });
        if (s.savingMinutes > 0) expect(s.suggested[0]!.startMinutes).toBeGreaterThanOrEqual(s.current[0]!.startMinutes);
        expect(conflictsCaused(findConflicts(scheduleOf(day, s.current)), findConflicts(scheduleOf(day, s.suggested)))).toEqual(
          [],
        );
      }),
      { numRuns: 300 },
    );
  });

  it('up to 6 jobs the suggestion is the shortest order that keeps what the current one keeps', () => {
    fc.assert(
      fc.property(arbDay(6), (day) => {
        const s = suggestRouteOrder(day);
        let shortest = s.currentDriveMinutes;
        for (const order of permutations(day.stops.map((x) => x.id))) {
          const placed = placeRoute(day, order);
          if (placed) shortest = Math.min(shortest, placed.driveMinutes);
        }
        expect(s.suggestedDriveMinutes).toBe(shortest);
      }),
      { numRuns: 150 },
    );
  });
});
