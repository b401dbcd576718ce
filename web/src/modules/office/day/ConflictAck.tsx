import type { ChecklistItem } from '@tidyhouse/contract';
import { App, Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAcknowledgeConflict } from './api';
import { useOfficeDate } from './DayToolbar';

type Row = ChecklistItem['rows'][number];

/** A schedule conflict on the Start of Day checklist: its sentence, and who acknowledged it or a button to. */
export function ConflictRow({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { date } = useOfficeDate();
  const acknowledge = useAcknowledgeConflict();
  const key = row.conflictKey!;
  return (
    <Space wrap style={{ marginLeft: 12 }} data-testid="conflict-row" data-key={key}>
      <Link to={row.link}>{row.label}</Link>
      {row.acknowledgedBy !== undefined ? (
        <Tag color="blue" data-testid="conflict-acknowledged">
          {t('office.conflict.acknowledged', { name: row.acknowledgedBy })}
        </Tag>
      ) : (
        <Button
          size="small"
          loading={acknowledge.isPending}
          data-testid="conflict-acknowledge"
          onClick={() =>
            date &&
            acknowledge.mutate({ date, key }, { onError: () => void message.error(t('office.conflict.acknowledgeFailed')) })
          }
        >
          {t('office.conflict.acknowledge')}
        </Button>
      )}
    </Space>
  );
}
