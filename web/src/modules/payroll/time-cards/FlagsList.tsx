import { addDays } from '@tidyhouse/contract';
import { DatePicker, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { loadFailureText } from '@/lib/http';
import { useFlags } from './api';
import { flagText } from './format';

/** Every open flag of a date range (at most 93 days), oldest first; a row opens that employee's week. */
export function FlagsList({ date, onOpen }: { date: string; onOpen: (userId: number, date: string) => void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: addDays(date, -13), to: date });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const flags = useFlags({ ...range, ...page });

  return (
    <div data-testid="flags-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('payroll.timeCard.flagRange')}
          value={[dayjs(range.from), dayjs(range.to)]}
          disabledDate={(current, info) => !!info.from && Math.abs(current.diff(info.from, 'day')) > 93}
          onChange={(values) => {
            if (!values?.[0] || !values[1]) return;
            setRange({ from: values[0].format('YYYY-MM-DD'), to: values[1].format('YYYY-MM-DD') });
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      {flags.isError ? (
        <LoadFailed title={loadFailureText(flags.error, t('payroll.timeCard.loadFailed'))} onRetry={() => void flags.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey={(row) => `${row.userId}-${row.workDate}-${row.flag.code}-${JSON.stringify(row.flag.params)}`}
          loading={flags.isFetching}
          dataSource={flags.data?.list ?? []}
          locale={{ emptyText: t('payroll.timeCard.noFlags') }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: flags.data?.total ?? 0,
            showTotal: (total) => t('common.list.total', { count: total, total }),
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          onRow={(row) => ({ onClick: () => onOpen(row.userId, row.workDate), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('payroll.timeCard.columns.date'), dataIndex: 'workDate', width: 120 },
            { title: t('payroll.timeCard.columns.employee'), dataIndex: 'name', width: 180 },
            { title: t('payroll.timeCard.columns.flag'), key: 'flag', render: (_, row) => flagText(t, row.flag) },
          ]}
        />
      )}
    </div>
  );
}
