import type { JobLength } from '@tidyhouse/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { durationText } from './shared';

/**
 * A job's one length in words, the same on the board, the job list and the job detail:
 * "2 h on site · 3 cleaners · 6 h of work" (contract jobLength).
 */
export function useJobLengthText() {
  const { t } = useTranslation();
  return (length: JobLength): string => jobLengthText(t, length);
}

/** The same words with a `t` the caller already holds (the board's blocks: no hook per block). */
export function jobLengthText(t: TFunction, length: JobLength): string {
  return t('service.length.text', {
    wall: durationText(t, length.wallMinutes),
    count: length.members,
    person: durationText(t, length.personMinutes),
  });
}
