import { describe, expect, it } from 'vitest';
import { addTimeCardTotals, timeCardTotals } from './time-card-totals';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

describe('time-card totals', () => {
  it('counts worked time, in-home, punched and estimated drive, meals and labor by type; open punches count nothing', () => {
    const totals = timeCardTotals(
      [
        { kind: 'shift', start: h(8), end: h(17) },
        { kind: 'meal', start: h(12), end: h(12, 30) },
        { kind: 'job', start: h(8, 15), end: h(11, 45) },
        { kind: 'job', start: h(13), end: h(15) },
        { kind: 'labor', start: h(15, 30), end: h(16, 30), laborTypeId: 2 },
        { kind: 'labor', start: h(16, 30), end: null, laborTypeId: 3 },
      ],
      [{ start: h(12, 35), end: h(13) }],
    );
    expect(totals).toEqual({
      worked: h(8, 30),
      job: h(5, 30),
      drive: 25,
      driveEstimated: 25,
      meal: 30,
      labor: [{ laborTypeId: 2, minutes: 60 }],
    });
  });

  it('adds days up, labor types merged', () => {
    const day = (worked: number, labor: { laborTypeId: number; minutes: number }[]) => ({
      worked,
      job: worked / 2,
      drive: 10,
      driveEstimated: 5,
      meal: 30,
      labor,
    });
    expect(
      addTimeCardTotals([
        day(480, [{ laborTypeId: 2, minutes: 30 }]),
        day(300, [
          { laborTypeId: 2, minutes: 15 },
          { laborTypeId: 1, minutes: 5 },
        ]),
      ]),
    ).toEqual({
      worked: 780,
      job: 390,
      drive: 20,
      driveEstimated: 10,
      meal: 60,
      labor: [
        { laborTypeId: 1, minutes: 5 },
        { laborTypeId: 2, minutes: 45 },
      ],
    });
  });
});
