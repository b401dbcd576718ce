import { Button, Popup } from 'antd-mobile';
import { useField } from './FieldContext';
import { useFieldT } from './i18n';
import { entryKind } from './queue';

/** What this phone kept and sent: waiting first, then what the server answered for each. */
export default function OutboxSheet({ onClose }: { onClose: () => void }) {
  const { t, locale } = useFieldT();
  const { snapshot, outbox } = useField();
  const entries = [...snapshot.entries].sort((a, b) =>
    a.status === 'pending' && b.status !== 'pending'
      ? -1
      : b.status === 'pending' && a.status !== 'pending'
        ? 1
        : b.at.localeCompare(a.at),
  );
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="field-sheet" position="bottom">
      <h2>{t('queue.title')}</h2>
      {entries.length === 0 ? <p className="field-muted">{t('queue.empty')}</p> : null}
      <ul className="field-outbox" data-testid="outbox-list">
        {entries.map((entry) => (
          <li key={entry.key} data-testid="outbox-entry" data-status={entry.status} data-kind={entryKind(entry)}>
            <span>
              {time.format(new Date(entry.at))} · {t(`queue.kind.${entryKind(entry)}`)}
            </span>
            <strong className={`field-outcome field-outcome-${entry.status}`}>{t(`queue.status.${entry.status}`)}</strong>
            {entry.message ? <p className="field-muted">{entry.message}</p> : null}
          </li>
        ))}
      </ul>
      {snapshot.pending > 0 ? (
        <Button block size="large" color="primary" data-testid="outbox-send-now" onClick={() => void outbox.flush()}>
          {t('queue.sendNow')}
        </Button>
      ) : null}
      <Button block size="large" onClick={onClose}>
        {t('settings.close')}
      </Button>
    </Popup>
  );
}
