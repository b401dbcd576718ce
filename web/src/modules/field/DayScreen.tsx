import type { FieldDay, FieldJob } from '@tidyhouse/contract';
import { Button } from 'antd-mobile';
import { inDayOrder, mapsLink, withPending } from './dayLogic';
import { useField } from './FieldContext';
import { type FieldT, useFieldT } from './i18n';
import { EnvironmentOutline } from './icons';
import { laidOver } from './queue';
import { navigate } from './route';
import { useDay, type Which } from './useDay';

/** My day: the crew's jobs in order; tomorrow's the same, read-only. */
export function DayScreen({ which }: { which: Which }) {
  const { t } = useFieldT();
  return (
    <section data-testid="day-screen">
      <div className="field-segmented" role="tablist">
        {(['today', 'tomorrow'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={which === value}
            data-testid={`day-${value}`}
            onClick={() => navigate({ screen: 'day', which: value }, true)}
          >
            {t(`day.${value}`)}
          </button>
        ))}
      </div>
      <DayList key={which} which={which} />
    </section>
  );
}

function DayList({ which }: { which: Which }) {
  const { t } = useFieldT();
  const { version, snapshot, outbox } = useField();
  const { day: loaded, error, loading, reload } = useDay(which, version);
  if (!loaded) {
    if (loading) return <p className="field-muted">{t('app.loading')}</p>;
    return <LoadFailed error={error} onRetry={reload} />;
  }
  const day = loaded.readOnly ? loaded : withPending(loaded, laidOver(snapshot.entries, outbox.userId, loaded.loadedAt));
  return (
    <>
      <TeamHeader day={day} />
      {day.readOnly ? (
        <p className="field-note" data-testid="read-only-banner">
          {t('day.readOnly')}
        </p>
      ) : null}
      {day.jobs.length === 0 ? <p className="field-muted">{t('day.noJobs')}</p> : null}
      <ol className="field-jobs">
        {inDayOrder(day.jobs).map((job) => (
          <JobCard key={job.id} job={job} which={which} />
        ))}
      </ol>
    </>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useFieldT();
  const message = error instanceof Error && error.name === 'FieldApiError' && error.message ? error.message : t('app.loadFailed');
  return (
    <div className="field-failed" role="alert">
      <p>{message}</p>
      <Button onClick={onRetry}>{t('app.retry')}</Button>
    </div>
  );
}

function TeamHeader({ day }: { day: FieldDay }) {
  const { t } = useFieldT();
  if (!day.team) return <p className="field-muted">{t('day.noTeam')}</p>;
  return (
    <header className="field-team" data-testid="team" style={{ borderColor: day.team.color }}>
      {/* The team's own name ("Team Sunshine"): no word added before it. */}
      <strong>{day.team.name}</strong>
      {day.team.leaderName ? <span>{t('day.leader', { name: day.team.leaderName })}</span> : null}
    </header>
  );
}

export function windowText(job: FieldJob, t: FieldT): string {
  return job.windowFrom && job.windowTo ? t('day.window', { from: job.windowFrom, to: job.windowTo }) : t('day.noWindow');
}

function JobCard({ job, which }: { job: FieldJob; which: Which }) {
  const { t } = useFieldT();
  return (
    <li className="field-job" data-testid={`job-card-${job.id}`} data-state={job.fieldState}>
      <div className="field-job-top">
        <span className="field-window">{windowText(job, t)}</span>
        <span className={`field-state field-state-${job.fieldState}`}>{t(`state.${job.fieldState}`)}</span>
      </div>
      <h2>{job.customerName}</h2>
      <a
        className="field-address"
        href={mapsLink(job.mapsQuery)}
        target="_blank"
        rel="noreferrer"
        data-testid={`job-map-${job.id}`}
      >
        <EnvironmentOutline /> {job.address}
      </a>
      {job.pets ? (
        <p className="field-pets">
          {t('job.pets')}: {job.pets}
        </p>
      ) : null}
      {job.houseNotes ? <p className="field-clamp">{job.houseNotes}</p> : null}
      {job.preferences ? (
        <p className="field-clamp">
          {t('job.preferences')}: {job.preferences}
        </p>
      ) : null}
      <Button
        block
        size="large"
        color="primary"
        fill="outline"
        data-testid={`job-open-${job.id}`}
        onClick={() => navigate({ screen: 'job', jobId: job.id, which })}
      >
        {t('day.open')}
      </Button>
    </li>
  );
}
