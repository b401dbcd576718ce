import {
  AUDIT_ACTION_TITLES,
  AUDIT_MODULES,
  auditActionTitle,
  auditFieldTitle,
  auditValueText,
  type OperationLogEntry,
  type OperationLogListRequest,
} from '@tidyhouse/contract';
import { AutoComplete, Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { type DateRange, DateRangeField, dateRangeRequest } from './logFilters';
import { useMomentText, useTitle } from './shared';

export const OPERATION_LOG_URL = '/sysLog/queryOperation';

interface Filters {
  range?: DateRange;
  uname?: string;
  module?: string;
  action?: string;
  text?: string;
}

const toRequest = (f: Filters): Partial<OperationLogListRequest> => ({
  ...dateRangeRequest(f.range),
  uname: f.uname?.trim() || undefined,
  module: f.module || undefined,
  action: f.action?.trim() || undefined,
  text: f.text?.trim() || undefined,
});

/** Every action the operation log records, for the action filter. */
const ACTIONS = Object.keys(AUDIT_ACTION_TITLES);

type Change = { field: string; from: unknown; to: unknown };

/** The operation log: who changed what, when, in which module, and the fields before and after. */
export function OperationLogList() {
  const { t } = useTranslation();
  const title = useTitle();
  const momentText = useMomentText();
  const moduleTitle = (key: string) => title(AUDIT_MODULES.find((m) => m.key === key)?.title, key);
  const locale = useLocale();
  const actionTitle = (action: string): string => auditActionTitle(action, locale);

  const columns: TableColumnsType<OperationLogEntry> = [
    { title: t('system.logs.at'), key: 'at', sorter: true, render: (_, row) => momentText(row.at) },
    { title: t('system.logs.user'), dataIndex: 'uname', key: 'uname', sorter: true },
    { title: t('system.logs.module'), key: 'module', sorter: true, render: (_, row) => <Tag>{moduleTitle(row.module)}</Tag> },
    { title: t('system.logs.action'), key: 'action', sorter: true, render: (_, row) => actionTitle(row.action) },
    {
      title: t('system.logs.summary'),
      key: 'summary',
      render: (_, row) => (
        <Typography.Paragraph style={{ maxWidth: 520, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: row.summary }}>
          {row.summary}
        </Typography.Paragraph>
      ),
    },
    { title: t('system.logs.ip'), dataIndex: 'ip', key: 'ip' },
  ];

  const changeColumns: TableColumnsType<Change> = [
    { title: t('system.logs.field'), key: 'field', render: (_, c) => auditFieldTitle(c.field, locale) },
    { title: t('system.logs.before'), key: 'from', render: (_, c) => auditValueText(c.from, locale) },
    { title: t('system.logs.after'), key: 'to', render: (_, c) => auditValueText(c.to, locale) },
  ];
  const changesOf = (row: OperationLogEntry): Change[] =>
    Object.entries(row.changes ?? {}).map(([field, change]) => ({ field, from: change.from, to: change.to }));

  return (
    <ListPage<OperationLogEntry, Filters>
      url={OPERATION_LOG_URL}
      rowKey="id"
      columns={columns}
      toRequest={toRequest}
      expandable={{
        rowExpandable: (row) => changesOf(row).length > 0,
        expandedRowRender: (row): ReactNode => (
          <Table<Change>
            size="small"
            rowKey="field"
            pagination={false}
            columns={changeColumns}
            dataSource={changesOf(row)}
            data-testid="log-changes"
          />
        ),
      }}
      searchFields={
        <>
          <DateRangeField />
          <Form.Item name="uname" label={t('system.logs.user')}>
            <Input allowClear maxLength={64} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="module" label={t('system.logs.module')}>
            <Select
              allowClear
              placeholder={t('system.common.any')}
              style={{ width: 180 }}
              options={AUDIT_MODULES.map((m) => ({ value: m.key, label: title(m.title) }))}
            />
          </Form.Item>
          <Form.Item name="action" label={t('system.logs.action')}>
            <AutoComplete
              allowClear
              style={{ width: 160 }}
              options={ACTIONS.map((action) => ({ value: action, label: actionTitle(action) }))}
              filterOption={(input, option) =>
                `${option?.value ?? ''} ${option?.label ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="text" label={t('system.logs.text')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
    />
  );
}
