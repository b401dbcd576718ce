import type { TimeCardFlag } from '@tidyhouse/contract';
import type { TFunction } from 'i18next';

/** Minutes as hours and minutes: 8:30. */
export const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** A flag in the reader's language, with its facts. */
export function flagText(t: TFunction, flag: TimeCardFlag): string {
  const p = flag.params;
  return t(`payroll.timeCard.flags.${flag.code}`, {
    kind: p.kind ? t(`payroll.timeCard.kinds.${p.kind}`) : '',
    reference: p.jobReference ?? '',
    meal: p.meal ?? 1,
    hours: p.minutes === undefined ? '' : hoursText(p.minutes),
  });
}
