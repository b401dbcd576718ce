import { formatCents, type PayLine } from '@tidyhouse/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';

/** Money, hours and line titles as the wage screen shows them, in the user's language. */
export function useWageFormat() {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    money: (cents: number) => formatCents(cents, locale),
    hours: (minutes: number) => t('payroll.wages.hoursValue', { hours: (minutes / 60).toFixed(2) }),
    lineTitle: (line: Pick<PayLine, 'kind' | 'laborTypeName'>) =>
      line.laborTypeName
        ? `${t(`payroll.wages.lines.${line.kind}`)}: ${line.laborTypeName}`
        : t(`payroll.wages.lines.${line.kind}`),
    rate: (line: Pick<PayLine, 'rateCentsPerHour' | 'rateBasisPoints'>) =>
      line.rateBasisPoints != null
        ? t('payroll.wages.percentValue', { percent: line.rateBasisPoints / 100 })
        : line.rateCentsPerHour != null
          ? t('payroll.wages.perHourValue', { money: formatCents(line.rateCentsPerHour, locale) })
          : '',
  };
}
