import {
  LOGIN_RESULT_TITLES,
  LOGIN_RESULTS,
  type LoginLogEntry,
  type LoginLogListRequest,
  type LoginResult,
} from '@tidyhouse/contract';
import { Form, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { type DateRange, DateRangeField, dateRangeRequest } from './logFilters';
import { type FlagFilter, FlagSelect, flagOf, useMomentText, useTitle } from './shared';

export const LOGIN_LOG_URL = '/sysLog/queryLogin';

interface Filters {
  range?: DateRange;
  uname?: string;
  result?: LoginResult;
  success?: FlagFilter;
}

const toRequest = (f: Filters): Partial<LoginLogListRequest> => ({
  ...dateRangeRequest(f.range),
  uname: f.uname?.trim() || undefined,
  result: f.result || undefined,
  success: flagOf(f.success),
});

const RESULT_COLORS: Record<LoginResult, string> = {
  ok: 'green',
  bad_credentials: 'red',
  locked: 'volcano',
  accountFrozen: 'orange',
  accountDisabled: 'orange',
  accountTerminated: 'default',
  roleDisabled: 'purple',
  noMenu: 'gold',
};

const isLoginResult = (value: string): value is LoginResult => (LOGIN_RESULTS as readonly string[]).includes(value);

/** Login attempts: when, who, the result, from which IP and browser. */
export function LoginLogList() {
  const { t } = useTranslation();
  const title = useTitle();
  const momentText = useMomentText();
  const columns: TableColumnsType<LoginLogEntry> = [
    { title: t('system.logs.at'), key: 'at', sorter: true, render: (_, row) => momentText(row.at) },
    { title: t('system.logs.uname'), dataIndex: 'uname', key: 'uname', sorter: true },
    {
      title: t('system.logs.result'),
      key: 'result',
      sorter: true,
      render: (_, row) => (
        <Tag
          color={isLoginResult(row.result) ? RESULT_COLORS[row.result] : row.success ? 'green' : 'red'}
          data-testid="login-result"
        >
          {isLoginResult(row.result) ? title(LOGIN_RESULT_TITLES[row.result]) : row.result}
        </Tag>
      ),
    },
    { title: t('system.logs.ip'), dataIndex: 'ip', key: 'ip' },
    {
      title: t('system.logs.userAgent'),
      key: 'userAgent',
      render: (_, row) => (
        <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: row.userAgent }}>
          {row.userAgent ?? ''}
        </Typography.Text>
      ),
    },
  ];

  return (
    <ListPage<LoginLogEntry, Filters>
      url={LOGIN_LOG_URL}
      rowKey="id"
      columns={columns}
      toRequest={toRequest}
      searchFields={
        <>
          <DateRangeField />
          <Form.Item name="uname" label={t('system.logs.uname')}>
            <Input allowClear maxLength={64} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="result" label={t('system.logs.result')}>
            <Select
              allowClear
              placeholder={t('system.common.any')}
              style={{ width: 200 }}
              options={LOGIN_RESULTS.map((result) => ({ value: result, label: title(LOGIN_RESULT_TITLES[result]) }))}
            />
          </Form.Item>
          <Form.Item name="success" label={t('system.logs.success')}>
            <FlagSelect yes={t('system.logs.succeeded')} no={t('system.logs.failed')} />
          </Form.Item>
        </>
      }
    />
  );
}
