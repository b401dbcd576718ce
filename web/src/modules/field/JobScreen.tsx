import type { FieldJob, FieldRevealCodeAnswer } from '@tidyhouse/contract';
import { Button, Checkbox, Dialog, TextArea } from 'antd-mobile';
import { type ChangeEvent, useEffect, useState } from 'react';
import { callApi, FieldApiError } from './api';
import { LoadFailed, windowText } from './DayScreen';
import { jobChoices, mapsLink, withPending } from './dayLogic';
import { useField } from './FieldContext';
import { useFieldT } from './i18n';
import { CameraOutline, EnvironmentOutline, PhoneFill } from './icons';
import { photoObjectUrl, resizePhoto } from './photo';
import { laidOver } from './queue';
import { useDay, type Which } from './useDay';

const CODE_KINDS = ['key', 'alarm', 'gate'] as const;
const PHOTO_KINDS = ['before', 'after'] as const;

/** One job: what the crew needs at the door, and what they report from it. */
export default function JobScreen({ jobId, which }: { jobId: number; which: Which }) {
  const { t } = useFieldT();
  const { version, snapshot, outbox } = useField();
  const { day: loaded, error, loading, reload } = useDay(which, version);
  if (!loaded) {
    if (loading) return <p className="field-muted">{t('app.loading')}</p>;
    return <LoadFailed error={error} onRetry={reload} />;
  }
  const day = loaded.readOnly ? loaded : withPending(loaded, laidOver(snapshot.entries, outbox.userId, loaded.loadedAt));
  const job = day.jobs.find((candidate) => candidate.id === jobId);
  if (!job) return <p className="field-muted">{t('job.notFound')}</p>;
  return <JobView job={job} readOnly={day.readOnly} />;
}

function hoursAndMinutes(total: number) {
  return { hours: String(Math.floor(total / 60)), minutes: String(total % 60) };
}

export function JobView({ job, readOnly }: { job: FieldJob; readOnly: boolean }) {
  const { t } = useFieldT();
  return (
    <article className="field-job-screen" data-testid="job-screen" data-state={job.fieldState}>
      <header>
        <span className={`field-state field-state-${job.fieldState}`} data-testid="job-state">
          {t(`state.${job.fieldState}`)}
        </span>
        <h2>{job.customerName}</h2>
        <p>{windowText(job, t)}</p>
        <p>{t('day.length', { length: t('time.hoursMinutes', hoursAndMinutes(job.length.wallMinutes)) })}</p>
        <a className="field-address" href={mapsLink(job.mapsQuery)} target="_blank" rel="noreferrer" data-testid="job-map">
          <EnvironmentOutline /> {job.address} · {t('job.map')}
        </a>
        {job.phone ? (
          <a className="field-link" href={`tel:${job.phone}`} data-testid="job-phone">
            <PhoneFill /> {t('job.call')} {job.phone}
          </a>
        ) : null}
      </header>
      {readOnly ? (
        <p className="field-note" data-testid="read-only-banner">
          {t('job.readOnly')}
        </p>
      ) : (
        <JobButtons job={job} />
      )}
      {readOnly ? null : <Codes job={job} />}
      <Details job={job} />
      <Checklist job={job} readOnly={readOnly} />
      <Photos job={job} readOnly={readOnly} />
      {readOnly ? null : <NoteToOffice job={job} />}
    </article>
  );
}

function JobButtons({ job }: { job: FieldJob }) {
  const { t } = useFieldT();
  const { act, busy } = useField();
  const [confirmDone, setConfirmDone] = useState(false);
  const choices = jobChoices(job.fieldState, false);
  return (
    <div className="field-actions">
      {choices.checkIn ? (
        <Button
          block
          size="large"
          color="primary"
          disabled={busy}
          data-testid="job-check-in"
          onClick={() => void act({ type: 'jobEvent', jobId: job.id, kind: 'checkIn' }, { locate: true })}
        >
          {t('job.checkIn')}
        </Button>
      ) : null}
      {choices.done ? (
        <Button block size="large" color="success" disabled={busy} data-testid="job-done" onClick={() => setConfirmDone(true)}>
          {t('job.done')}
        </Button>
      ) : null}
      {choices.checkOut ? (
        <Button
          block
          size="large"
          color="warning"
          disabled={busy}
          data-testid="job-check-out"
          onClick={() => void act({ type: 'jobEvent', jobId: job.id, kind: 'checkOut' }, { locate: true })}
        >
          {t('job.checkOut')}
        </Button>
      ) : null}
      <Dialog
        visible={confirmDone}
        content={t('job.doneConfirm')}
        onClose={() => setConfirmDone(false)}
        actions={[
          [
            { key: 'cancel', text: t('job.cancel'), onClick: () => setConfirmDone(false) },
            {
              key: 'confirm',
              text: <span data-testid="job-done-confirm">{t('job.confirm')}</span>,
              bold: true,
              onClick: () => {
                setConfirmDone(false);
                void act({ type: 'jobEvent', jobId: job.id, kind: 'done' }, { locate: true });
              },
            },
          ],
        ]}
      />
    </div>
  );
}

function Codes({ job }: { job: FieldJob }) {
  const { t } = useFieldT();
  const kinds = CODE_KINDS.filter((kind) => job.hasCodes[kind]);
  const [shown, setShown] = useState<Partial<Record<(typeof CODE_KINDS)[number], string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  if (kinds.length === 0) return null;
  const reveal = async (kind: (typeof CODE_KINDS)[number]) => {
    setFailure(null);
    try {
      const answer = await callApi<FieldRevealCodeAnswer>('/field/revealCode', { jobId: job.id, kind });
      setShown((current) => ({ ...current, [kind]: answer.value }));
    } catch (error) {
      setFailure(error instanceof FieldApiError && error.message ? error.message : t('job.revealFailed'));
    }
  };
  return (
    <section className="field-section">
      <h3>{t('job.codes')}</h3>
      {kinds.map((kind) => (
        <div key={kind} className="field-code-row">
          <span>{t(`job.code.${kind}`)}</span>
          {shown[kind] !== undefined ? (
            <strong className="field-code" data-testid={`job-code-${kind}`}>
              {shown[kind]}
            </strong>
          ) : (
            <Button size="middle" data-testid={`job-reveal-${kind}`} onClick={() => reveal(kind)}>
              {t('job.reveal')}
            </Button>
          )}
        </div>
      ))}
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

function Details({ job }: { job: FieldJob }) {
  const { t } = useFieldT();
  const rows = [
    ['houseNotes', job.houseNotes],
    ['preferences', job.preferences],
    ['pets', job.pets],
    ['notes', job.notes],
  ] as const;
  return (
    <section className="field-section">
      {rows.map(([key, text]) => (
        <div key={key} className="field-detail" data-testid={`job-${key}`}>
          <h3>{t(`job.${key}`)}</h3>
          <p>{text || t('job.none')}</p>
        </div>
      ))}
    </section>
  );
}

function Checklist({ job, readOnly }: { job: FieldJob; readOnly: boolean }) {
  const { t } = useFieldT();
  const { act } = useField();
  return (
    <section className="field-section" data-testid="job-checklist">
      <h3>{t('job.checklist')}</h3>
      {job.checklist.length === 0 ? <p className="field-muted">{t('job.noChecklist')}</p> : null}
      {job.checklist.map((item) => (
        <div key={item.id} className="field-check">
          <Checkbox
            checked={item.done}
            disabled={readOnly}
            data-testid={`checklist-item-${item.id}`}
            onChange={(done) => act({ type: 'jobEvent', jobId: job.id, kind: 'checklist', checklist: [{ id: item.id, done }] })}
          >
            {item.text}
          </Checkbox>
        </div>
      ))}
    </section>
  );
}

function Photos({ job, readOnly }: { job: FieldJob; readOnly: boolean }) {
  const { t } = useFieldT();
  const { outbox, snapshot } = useField();
  const [message, setMessage] = useState<string | null>(null);
  const waiting = snapshot.entries.filter((e) => e.status === 'pending' && e.photo?.jobId === job.id);

  const take = async (kind: (typeof PHOTO_KINDS)[number], event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    let contentBase64: string;
    try {
      contentBase64 = await resizePhoto(file);
    } catch {
      setMessage(t('job.photoFailed'));
      return;
    }
    // JPEG once redrawn; a picture sent as it is keeps its own type's extension.
    const extension = /^data:image\/(png|webp)/.exec(contentBase64)?.[1] ?? 'jpg';
    const name = `${kind}-${job.reference}.${extension}`;
    const kept = await outbox.addPhoto({ jobId: job.id, kind, name, contentBase64 });
    // Said once the outbox has tried it: sent, refused (the server's words), or kept for later.
    await outbox.flush();
    const settled = outbox.getSnapshot().entries.find((e) => e.key === kept.key);
    if (settled?.status === 'applied') setMessage(t('job.photoSent'));
    else if (settled?.status === 'refused') setMessage(t('queue.refused', { message: settled.message ?? '' }));
    else setMessage(t('job.photoQueued'));
  };

  return (
    <section className="field-section" data-testid="job-photos">
      <h3>{t('job.photos')}</h3>
      {PHOTO_KINDS.map((kind) => (
        <div key={kind} className="field-photo-group">
          <h4>{t(`job.photo.${kind}`)}</h4>
          <div className="field-thumbs">
            {job.photos
              .filter((photo) => photo.kind === kind)
              .map((photo) => (
                <Thumb key={photo.id} url={photo.url} testId={`photo-${photo.id}`} />
              ))}
            {waiting
              .filter((e) => e.photo?.kind === kind)
              .map((e) => (
                <img
                  key={e.key}
                  className="field-thumb field-thumb-waiting"
                  src={e.photo?.contentBase64}
                  alt=""
                  data-testid="photo-waiting"
                />
              ))}
          </div>
          {readOnly ? null : (
            <label className="field-photo-button">
              <CameraOutline /> {t(`job.addPhoto.${kind}`)}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                data-testid={`photo-input-${kind}`}
                onChange={(event) => void take(kind, event)}
              />
            </label>
          )}
        </div>
      ))}
      {message ? (
        <p className="field-muted" role="status" data-testid="photo-message">
          {message}
        </p>
      ) : null}
    </section>
  );
}

function Thumb({ url, testId }: { url: string; testId: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    photoObjectUrl(url).then(
      (made) => {
        objectUrl = made;
        if (live) setSrc(made);
        else URL.revokeObjectURL(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? (
    <img className="field-thumb" src={src} alt="" data-testid={testId} />
  ) : (
    <span className="field-thumb" data-testid={testId} />
  );
}

function NoteToOffice({ job }: { job: FieldJob }) {
  const { t } = useFieldT();
  const { act } = useField();
  const [note, setNote] = useState('');
  const send = async () => {
    const text = note.trim();
    if (!text) return;
    await act({ type: 'jobEvent', jobId: job.id, kind: 'note', note: text });
    setNote('');
  };
  return (
    <section className="field-section">
      <h3>{t('job.note')}</h3>
      <TextArea
        data-testid="job-note"
        value={note}
        onChange={setNote}
        placeholder={t('job.notePlaceholder')}
        rows={3}
        maxLength={2000}
      />
      <Button block size="large" disabled={!note.trim()} data-testid="job-note-send" onClick={send}>
        {t('job.sendNote')}
      </Button>
    </section>
  );
}
