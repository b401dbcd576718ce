import type { FieldDay, FieldJob } from '@tidyhouse/contract';

/** A crew's day as `/field/myDay` answers it, for the field app's tests. */
export function fieldJob(overrides: Partial<FieldJob> = {}): FieldJob {
  return {
    id: 11,
    reference: 'J-2611-0011',
    status: 'scheduled',
    fieldState: 'notStarted',
    windowFrom: '09:00',
    windowTo: '10:00',
    startMinutes: 540,
    length: { personMinutes: 240, members: 2, wallMinutes: 120 },
    customerName: 'Ada Lovelace',
    address: '1 Main St, San Jose, CA 95112',
    mapsQuery: '1 Main St, San Jose, CA 95112',
    houseNotes: 'Side door',
    preferences: 'No bleach',
    pets: 'One cat',
    hasCodes: { key: true, alarm: false, gate: true },
    checklist: [
      { id: 'kitchen', text: 'Kitchen', done: false },
      { id: 'baths', text: 'Bathrooms', done: false },
    ],
    photos: [],
    notes: '',
    ...overrides,
  };
}

export function fieldDay(overrides: Partial<FieldDay> = {}): FieldDay {
  return {
    date: '2026-11-27',
    readOnly: false,
    user: { id: 7, name: 'Rosa Martinez' },
    team: { id: 2, name: 'Blue', color: '#1677ff', leaderName: 'Maria Lopez' },
    clock: { clockedIn: false, onMeal: false, workedMinutes: 0, mealReminderAt: null, mealWaived: false },
    jobs: [fieldJob()],
    ...overrides,
  };
}
