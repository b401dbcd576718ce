import type { RegularRateWeek } from '@tidyhouse/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWageFormat } from './format';

/**
 * How each workweek's regular rate was found, and the overtime and double-time rates it gives (issue 24
 * item 8): straight pay ÷ hours, or the minimum wage when that is more. Absent without the pay key.
 */
export function RegularRates({ weeks }: { weeks: readonly RegularRateWeek[] }) {
  const { t } = useTranslation();
  const format = useWageFormat();
  if (weeks.length === 0) return null;
  const hours = (minutes: number) => (minutes / 60).toFixed(2);
  return (
    <div data-testid="wage-regular-rates">
      <Typography.Title level={5}>{t('payroll.wages.regularRatesTitle')}</Typography.Title>
      {weeks.map((week) => {
        const rate = format.money(week.centsPerHour);
        return (
          <Typography.Paragraph key={week.weekStart} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t('payroll.wages.weekOf', { date: week.weekStart })}</Typography.Text>
            <br />
            {week.floorApplied
              ? t('payroll.wages.regularRateFloor', {
                  rate,
                  floor: format.money(week.floorCents),
                  hours: hours(week.workedMinutes),
                  straight: format.money(week.straightCents),
                })
              : t('payroll.wages.regularRateDerived', {
                  rate,
                  straight: format.money(week.straightCents),
                  hours: hours(week.workedMinutes),
                })}
            {week.overtimeMinutes > 0 && (
              <>
                <br />
                {t('payroll.wages.overtimeRateDerived', {
                  rate,
                  overtime: format.money(week.overtimeCentsPerHour),
                  hours: hours(week.overtimeMinutes),
                })}
              </>
            )}
            {week.doubleTimeMinutes > 0 && (
              <>
                <br />
                {t('payroll.wages.doubleTimeRateDerived', {
                  rate,
                  doubleTime: format.money(week.doubleTimeCentsPerHour),
                  hours: hours(week.doubleTimeMinutes),
                })}
              </>
            )}
          </Typography.Paragraph>
        );
      })}
    </div>
  );
}
