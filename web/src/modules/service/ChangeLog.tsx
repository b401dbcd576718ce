import type { ChangeLogEntry } from '@tidyhouse/contract';
import { Empty, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { useLooseT, useMomentText } from './shared';

type FieldChange = { field: string; from: unknown; to: unknown };

/** A changed value as text: lists joined, nothing as '—'. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => changeText(v)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/**
 * The rows of an entry's changes: `{field: {from, to}}` as before/after; any other value as "after"
 * only (an action's request).
 */
export function detailRows(detail: unknown): FieldChange[] {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return [];
  return Object.entries(detail as Record<string, unknown>).map(([field, value]) =>
    isFromTo(value) ? { field, from: value.from, to: value.to } : { field, from: undefined, to: value },
  );
}

function useChangeColumns() {
  const { t } = useTranslation();
  const loose = useLooseT();
  const momentText = useMomentText();
  // The server's action names; a known one has a title, any other shows as the server wrote it.
  const actionTitle = (action: string) => {
    const key = `service.changeLog.actions.${action}`;
    const text = loose(key);
    return text === key ? action : text;
  };
  const columns: TableColumnsType<ChangeLogEntry> = [
    { key: 'at', title: t('service.changeLog.at'), render: (_, row) => momentText(row.at, 'YYYY-MM-DD HH:mm:ss') },
    { key: 'user', title: t('service.changeLog.user'), render: (_, row) => row.user ?? '—' },
    { key: 'action', title: t('service.changeLog.action'), render: (_, row) => actionTitle(row.action) },
    {
      key: 'summary',
      title: t('service.changeLog.summary'),
      render: (_, row) => (
        <Typography.Paragraph style={{ maxWidth: 480, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: row.summary }}>
          {row.summary}
        </Typography.Paragraph>
      ),
    },
  ];
  const changeColumns: TableColumnsType<FieldChange> = [
    { title: t('service.changeLog.field'), dataIndex: 'field', key: 'field' },
    { title: t('service.changeLog.before'), key: 'from', render: (_, c) => (c.from === undefined ? '' : changeText(c.from)) },
    { title: t('service.changeLog.after'), key: 'to', render: (_, c) => changeText(c.to) },
  ];
  const expandable = {
    rowExpandable: (row: ChangeLogEntry) => detailRows(row.changes).length > 0,
    expandedRowRender: (row: ChangeLogEntry): ReactNode => (
      <Table<FieldChange>
        size="small"
        rowKey="field"
        pagination={false}
        columns={changeColumns}
        dataSource={detailRows(row.changes)}
      />
    ),
  };
  return { columns, expandable };
}

/** A change log already at hand (a job's, in its detail), newest first as the server sends it. */
export function ChangeLog({ entries }: { entries: readonly ChangeLogEntry[] }) {
  const { t } = useTranslation();
  const { columns, expandable } = useChangeColumns();
  return (
    <Table<ChangeLogEntry>
      data-testid="change-log"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...entries]}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('service.changeLog.empty')} /> }}
      expandable={expandable}
    />
  );
}

/**
 * The change log of a plan or task (who changed what, when), read page by page from its change-log
 * call (`/servicePlan/changeLog`, `/task/history`). Moments in the business time zone.
 */
export function ChangeLogList({ url, recordId }: { url: string; recordId: number }) {
  const { columns, expandable } = useChangeColumns();
  return (
    <div data-testid="change-log">
      <ListPage<ChangeLogEntry, object>
        url={url}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={() => ({ id: recordId })}
        defaultPageSize={10}
        expandable={expandable}
      />
    </div>
  );
}
