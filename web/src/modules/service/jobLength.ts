import type { JobLength } from '@tidyhouse/contract';
import { useTranslation } from 'react-i18next';
import { useDuration } from './shared';

/**
 * A job's one length in words, the same on the board, the job list and the job detail:
 * "2 h on site · 3 cleaners · 6 h of work" (contract jobLength).
 */
export function useJobLengthText() {
  const { t } = useTranslation();
  const duration = useDuration();
  return (length: JobLength): string =>
    t('service.length.text', {
      wall: duration(length.wallMinutes),
      count: length.members,
      person: duration(length.personMinutes),
    });
}
