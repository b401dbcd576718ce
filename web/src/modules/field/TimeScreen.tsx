import type { FieldPunchKind } from '@tidyhouse/contract';
import { Button, Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { LoadFailed } from './DayScreen';
import { mealReminderAt, punchChoices, withPending } from './dayLogic';
import { useField } from './FieldContext';
import { useFieldT } from './i18n';
import { laidOver } from './queue';
import { useDay } from './useDay';

const PUNCH_COLORS: Record<FieldPunchKind, 'primary' | 'warning' | 'success' | 'danger'> = {
  clockIn: 'primary',
  mealStart: 'warning',
  mealEnd: 'success',
  clockOut: 'danger',
};

/** The phone's clock: a time of day in the phone's own zone (the crew's). */
export function clockTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** Re-renders once the moment comes (a reminder due later today). */
function useReached(at: Date | null): boolean {
  const due = at?.getTime() ?? null;
  const [reached, setReached] = useState(() => due !== null && Date.now() >= due);
  useEffect(() => {
    if (due === null) return setReached(false);
    const wait = due - Date.now();
    if (wait <= 0) return setReached(true);
    setReached(false);
    // Timers longer than ~24 days overflow; a reminder is hours away at most.
    const timer = setTimeout(() => setReached(true), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [due]);
  return reached;
}

/** Time: clock in and out, the meal break with its reminder, and the rest-break question at clock-out. */
export default function TimeScreen() {
  const { t, locale } = useFieldT();
  const { version, snapshot, outbox, act, busy } = useField();
  const { day: loaded, error, loading, reload } = useDay('today', version);
  const [asking, setAsking] = useState(false);
  const pending = loaded ? laidOver(snapshot.entries, outbox.userId, loaded.loadedAt) : [];
  const day = loaded ? withPending(loaded, pending) : null;
  const reminder = day && loaded ? mealReminderAt(day.clock, loaded.clock, pending) : null;
  const remindNow = useReached(reminder);
  if (!day) {
    if (loading) return <p className="field-muted">{t('app.loading')}</p>;
    return <LoadFailed error={error} onRetry={reload} />;
  }
  const { clock } = day;
  const status = clock.onMeal ? 'onMeal' : clock.clockedIn ? 'clockedIn' : 'clockedOut';
  const punch = (kind: FieldPunchKind) => {
    if (kind === 'clockOut') return setAsking(true);
    void act({ type: 'punch', kind }, { locate: true });
  };
  const clockOut = (restBreaksTaken: boolean) => {
    setAsking(false);
    void act({ type: 'punch', kind: 'clockOut', restBreaksTaken }, { locate: true });
  };
  const worked = { hours: String(Math.floor(clock.workedMinutes / 60)), minutes: String(clock.workedMinutes % 60) };

  return (
    <section className="field-time" data-testid="time-screen">
      <p className={`field-clock field-clock-${status}`} data-testid="time-status" data-status={status}>
        {t(`time.${status}`)}
      </p>
      <p className="field-muted">{t('time.worked', worked)}</p>
      {clock.mealWaived && clock.clockedIn ? <p className="field-note">{t('time.mealWaived')}</p> : null}
      {reminder ? (
        <p
          className={remindNow ? 'field-reminder field-reminder-now' : 'field-note'}
          role={remindNow ? 'alert' : undefined}
          data-testid="meal-reminder"
          data-due={remindNow}
        >
          {t(remindNow ? 'time.mealReminder' : 'time.mealDue', { time: clockTime(reminder, locale) })}
        </p>
      ) : null}
      <div className="field-actions">
        {punchChoices(clock).map((kind) => (
          <Button
            key={kind}
            block
            size="large"
            color={PUNCH_COLORS[kind]}
            disabled={busy}
            data-testid={`punch-${kind}`}
            onClick={() => punch(kind)}
          >
            {t(`time.${kind}`)}
          </Button>
        ))}
      </div>
      <Dialog
        visible={asking}
        title={t('time.restQuestion')}
        onClose={() => setAsking(false)}
        actions={[
          [
            { key: 'no', text: <span data-testid="rest-no">{t('time.restNo')}</span>, onClick: () => clockOut(false) },
            {
              key: 'yes',
              text: <span data-testid="rest-yes">{t('time.restYes')}</span>,
              bold: true,
              onClick: () => clockOut(true),
            },
          ],
          { key: 'cancel', text: t('time.cancel'), onClick: () => setAsking(false) },
        ]}
      />
    </section>
  );
}
