import { Badge, Button, NavBar, TabBar } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSession } from '@/lib/auth';
import { DayScreen } from './DayScreen';
import { FieldProvider, useField } from './FieldContext';
import { fieldI18n, useFieldT } from './i18n';
import { CalendarOutline, ClockCircleOutline, SetOutline } from './icons';
import { LoginScreen } from './LoginScreen';
import type { Outbox } from './outbox';
import { entryKind } from './queue';
import { navigate, useRoute } from './route';
import { currentUserId } from './session';

// The job and time screens and the sheets load when first opened: the first load is sign-in and My day.
const JobScreen = lazy(() => import('./JobScreen'));
const TimeScreen = lazy(() => import('./TimeScreen'));
const OutboxSheet = lazy(() => import('./OutboxSheet'));
const SettingsSheet = lazy(() => import('./SettingsSheet'));

export function FieldApp({ outbox }: { outbox: Outbox }) {
  return (
    <I18nextProvider i18n={fieldI18n}>
      <Signed outbox={outbox} />
    </I18nextProvider>
  );
}

function Signed({ outbox }: { outbox: Outbox }) {
  const { token } = useSession();
  const userId = token ? currentUserId() : null;
  outbox.userId = userId;
  if (!token) return <LoginScreen />;
  return (
    <FieldProvider outbox={outbox} key={userId ?? 0}>
      <Shell />
    </FieldProvider>
  );
}

function Shell() {
  const { t } = useFieldT();
  const route = useRoute();
  const { snapshot, attention, dismiss } = useField();
  const [sheet, setSheet] = useState<'outbox' | 'settings' | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const tab = route.screen === 'time' ? 'time' : 'day';
  return (
    <div className="field-shell">
      <NavBar
        back={route.screen === 'job' ? t('app.back') : null}
        // To the day the job belongs to, not history.back(): a job opened from a link has no page before it here.
        onBack={() => navigate({ screen: 'day', which: route.screen === 'job' ? route.which : 'today' })}
        right={
          <button
            type="button"
            className="field-icon-button"
            data-testid="open-settings"
            aria-label={t('app.settings')}
            onClick={() => setSheet('settings')}
          >
            <SetOutline />
          </button>
        }
      >
        {t('app.name')}
      </NavBar>
      <button
        type="button"
        className="field-outbox-bar"
        data-testid="outbox-badge"
        data-pending={snapshot.pending}
        onClick={() => setSheet('outbox')}
      >
        {snapshot.pending > 0 ? (
          <Badge content={snapshot.pending}>
            <span>{t('queue.pending', { count: snapshot.pending })}</span>
          </Badge>
        ) : (
          <span>{t('queue.allSent')}</span>
        )}
      </button>
      {online ? null : (
        <p className="field-offline" data-testid="offline-banner">
          {t('app.offline')}
        </p>
      )}
      {attention.length > 0 ? (
        <div className="field-attention" role="alert" data-testid="sync-attention">
          {attention.map((entry) => (
            <p key={entry.key} data-status={entry.status}>
              <strong>{t(`queue.kind.${entryKind(entry)}`)}: </strong>
              {t(entry.status === 'conflict' ? 'queue.conflict' : 'queue.refused', { message: entry.message ?? '' })}
            </p>
          ))}
          <Button size="small" onClick={dismiss} data-testid="sync-attention-close">
            {t('settings.close')}
          </Button>
        </div>
      ) : null}
      <main className="field-main">
        <Suspense fallback={<p className="field-muted">{t('app.loading')}</p>}>
          {route.screen === 'day' ? <DayScreen which={route.which} /> : null}
          {route.screen === 'job' ? <JobScreen jobId={route.jobId} which={route.which} /> : null}
          {route.screen === 'time' ? <TimeScreen /> : null}
        </Suspense>
      </main>
      <TabBar
        className="field-tabs"
        activeKey={tab}
        onChange={(key) => navigate(key === 'time' ? { screen: 'time' } : { screen: 'day', which: 'today' })}
      >
        <TabBar.Item key="day" title={<span data-testid="tab-day">{t('app.day')}</span>} icon={<CalendarOutline />} />
        <TabBar.Item key="time" title={<span data-testid="tab-time">{t('app.time')}</span>} icon={<ClockCircleOutline />} />
      </TabBar>
      <Suspense fallback={null}>
        {sheet === 'outbox' ? <OutboxSheet onClose={() => setSheet(null)} /> : null}
        {sheet === 'settings' ? <SettingsSheet onClose={() => setSheet(null)} /> : null}
      </Suspense>
    </div>
  );
}
