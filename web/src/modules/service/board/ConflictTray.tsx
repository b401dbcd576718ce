import type { BoardDay } from '@tidyhouse/contract';
import { Alert, Button, List } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The day's schedule conflicts above the board (issue 20): what the one conflict check finds, plan-made
 * overlaps and leave over a job included. Each opens the first job it names.
 */
export function ConflictTray({ conflicts, onOpenJob }: { conflicts: BoardDay['conflicts']; onOpenJob: (id: number) => void }) {
  const { t } = useTranslation();
  if (conflicts.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="conflict-tray"
      title={t('service.board.conflictTray.title', { count: conflicts.length })}
      description={
        <List
          size="small"
          dataSource={conflicts}
          renderItem={(c) => (
            <List.Item
              key={c.key}
              data-testid="conflict-item"
              data-kind={c.kind}
              actions={[
                <Button key="open" size="small" type="link" onClick={() => onOpenJob(c.jobIds[0]!)}>
                  {t('service.board.conflictTray.open')}
                </Button>,
              ]}
            >
              {c.message}
            </List.Item>
          )}
        />
      }
    />
  );
}
