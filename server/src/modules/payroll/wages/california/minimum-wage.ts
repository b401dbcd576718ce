import type { DayTime } from './day-time';
import { type MinimumWageFloor, minimumWageAt } from './rates';
import type { EmployeeWageInput } from './types';

/**
 * The minimum-wage floor of one day's hours by where they were worked (issue 24): minutes at a job
 * count at the job's city (the business's when the job has none), every other minute worked (drive,
 * labor, non-job time) at the business's city.
 */
export interface DayFloor {
  /** Σ minutes × cents per hour over the day's hours worked (60 × the day's minimum pay). */
  floorNum: number;
  /** The floor where work not at a job counts. */
  business: MinimumWageFloor;
  /** The day's highest floor (a split-shift premium is an hour at it). */
  highest: number;
  /** The floors of the day's minutes worked. */
  used: MinimumWageFloor[];
}

export function dayFloor(input: EmployeeWageInput, workDate: string, time: DayTime | null): DayFloor {
  const at = (place: string) => minimumWageAt(input.minimumWages, workDate, place, input.employeeCount);
  const business = at(input.businessPlace);
  const used = new Map<string, MinimumWageFloor>();
  let floorNum = 0;
  let highest = business.centsPerHour;
  let jobMinutes = 0;
  const add = (floor: MinimumWageFloor, minutes: number) => {
    if (minutes <= 0) return;
    floorNum += minutes * floor.centsPerHour;
    highest = Math.max(highest, floor.centsPerHour);
    if (floor.centsPerHour > 0) used.set(`${floor.jurisdiction}|${floor.centsPerHour}`, floor);
  };
  for (const [jobId, minutes] of time?.jobMinutes ?? []) {
    jobMinutes += minutes;
    add(at(input.jobs.get(jobId)?.place || input.businessPlace), minutes);
  }
  add(business, (time?.workedMinutes ?? 0) - jobMinutes);
  return { floorNum, business, highest, used: [...used.values()] };
}
