import { FilePdfOutlined } from '@ant-design/icons';
import type { PayItem, PayLine, WageDetail } from '@tidyhouse/contract';
import { Alert, Descriptions, Drawer, Flex, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { LoadFailed } from '@/components/LoadFailed';
import { downloadFile } from '@/modules/service/download';
import { useWageDetail, WAGE_PATHS } from './api';
import { useWageFormat } from './format';
import { RegularRates } from './RegularRates';

type WageDay = WageDetail['days'][number];

/** One employee's period: every line of pay with the days and jobs behind it, and each day's hours. */
export function WageDetailDrawer({ userId, date, onClose }: { userId: number | null; date: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useWageDetail(userId, date);
  const format = useWageFormat();
  const data = detail.data;

  const statement = (lang: 'zh' | 'en') =>
    void downloadFile(WAGE_PATHS.statement, { userId, date, lang }, 'wage-statement.pdf', t('payroll.wages.statementFailed'));

  const itemColumns: TableColumnsType<PayItem> = [
    { key: 'date', title: t('payroll.wages.date'), dataIndex: 'workDate' },
    { key: 'job', title: t('payroll.wages.job'), render: (_, item) => item.jobReference ?? '' },
    {
      key: 'hours',
      title: t('payroll.wages.hours'),
      align: 'right',
      render: (_, item) => (item.minutes ? format.hours(item.minutes) : ''),
    },
    { key: 'amount', title: t('payroll.wages.amount'), align: 'right', render: (_, item) => format.money(item.cents) },
  ];
  // Piece pay beside the job's price it is a percentage of (Labor Code 226.2).
  const pieceColumns: TableColumnsType<PayItem> = [
    ...itemColumns.slice(0, 2),
    {
      key: 'jobPrice',
      title: t('payroll.wages.jobPrice'),
      align: 'right',
      render: (_, item) => (item.jobPriceCents != null ? format.money(item.jobPriceCents) : ''),
    },
    ...itemColumns.slice(2),
  ];
  // An adjustment names what changed and the approved period it belongs to (or was already paid in).
  const adjustmentColumns: TableColumnsType<PayItem> = [
    {
      key: 'what',
      title: t('payroll.wages.line'),
      render: (_, item) =>
        item.adjustment
          ? t(item.adjustment.paidIn ? 'payroll.wages.adjustmentPaid' : 'payroll.wages.adjustmentItem', {
              what: t(`payroll.wages.adjustmentKinds.${item.adjustment.kind}`),
              start: item.adjustment.periodStart,
              end: item.adjustment.periodEnd,
              paidIn: item.adjustment.paidIn,
            })
          : '',
    },
    itemColumns[1]!,
    itemColumns[3]!,
  ];
  const lineColumns: TableColumnsType<PayLine> = [
    { key: 'line', title: t('payroll.wages.line'), render: (_, line) => format.lineTitle(line) },
    {
      key: 'hours',
      title: t('payroll.wages.hours'),
      align: 'right',
      render: (_, line) => (line.minutes ? format.hours(line.minutes) : ''),
    },
    { key: 'rate', title: t('payroll.wages.rate'), align: 'right', render: (_, line) => format.rate(line) },
    { key: 'amount', title: t('payroll.wages.amount'), align: 'right', render: (_, line) => format.money(line.cents) },
  ];
  const dayColumns: TableColumnsType<WageDay> = [
    { key: 'date', title: t('payroll.wages.date'), dataIndex: 'workDate' },
    { key: 'worked', title: t('payroll.wages.hours'), align: 'right', render: (_, d) => format.hours(d.workedMinutes) },
    { key: 'regular', title: t('payroll.wages.regularHours'), align: 'right', render: (_, d) => format.hours(d.regularMinutes) },
    {
      key: 'overtime',
      title: t('payroll.wages.overtimeHours'),
      align: 'right',
      render: (_, d) => format.hours(d.overtimeMinutes),
    },
    {
      key: 'double',
      title: t('payroll.wages.doubleTimeHours'),
      align: 'right',
      render: (_, d) => format.hours(d.doubleTimeMinutes),
    },
    {
      key: 'premiums',
      title: t('payroll.wages.premiums'),
      render: (_, d) => (
        <>
          {d.mealPremium && <Tag color="orange">{t('payroll.wages.lines.mealPremium')}</Tag>}
          {d.restPremium && <Tag color="orange">{t('payroll.wages.lines.restPremium')}</Tag>}
        </>
      ),
    },
  ];

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size="large"
      title={data ? data.name : t('payroll.wages.detailTitle')}
      destroyOnHidden
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <LoadFailed onRetry={() => void detail.refetch()} />}
      {data && (
        <Flex vertical gap={16} data-testid="wage-detail">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'period', label: t('payroll.wages.period'), children: `${data.period.start} – ${data.period.end}` },
              { key: 'hours', label: t('payroll.wages.hours'), children: format.hours(data.workedMinutes) },
              {
                key: 'gross',
                label: t('payroll.wages.gross'),
                children: <strong data-testid="wage-detail-gross">{format.money(data.grossCents)}</strong>,
              },
              {
                key: 'approved',
                label: t('payroll.wages.status'),
                children: data.approved ? (
                  <Tag color="green">{t('payroll.wages.approved')}</Tag>
                ) : (
                  <Tag>{t('payroll.wages.open')}</Tag>
                ),
              },
              // The floors that applied where the hours were worked (the statement names them too).
              ...(data.minimumWagesUsed?.length
                ? [
                    {
                      key: 'minimumWages',
                      label: t('payroll.wages.minimumWagesUsed'),
                      span: 2,
                      children: (
                        <span data-testid="wage-detail-minimum-wages">
                          {data.minimumWagesUsed
                            .map((f) =>
                              t('payroll.wages.minimumWageUsedValue', {
                                jurisdiction: f.jurisdiction,
                                money: format.money(f.centsPerHour),
                              }),
                            )
                            .join('; ')}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {data.warnings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={data.warnings.map((w) => t(`payroll.wages.warnings.${w.code}`, { date: w.workDate })).join(' ')}
            />
          )}
          <Flex gap={8}>
            <GuardedButton icon={<FilePdfOutlined />} onClick={() => statement('zh')}>
              {t('payroll.wages.statementZh')}
            </GuardedButton>
            <GuardedButton icon={<FilePdfOutlined />} onClick={() => statement('en')}>
              {t('payroll.wages.statementEn')}
            </GuardedButton>
          </Flex>
          <Typography.Title level={5}>{t('payroll.wages.linesTitle')}</Typography.Title>
          <Table<PayLine>
            size="small"
            pagination={false}
            rowKey={(line) =>
              `${line.kind}-${line.laborTypeId ?? ''}-${line.rateCentsPerHour ?? ''}-${line.rateBasisPoints ?? ''}`
            }
            columns={lineColumns}
            dataSource={data.lines}
            locale={{ emptyText: t('payroll.wages.noPay') }}
            expandable={{
              expandedRowRender: (line) => (
                <Table<PayItem>
                  size="small"
                  pagination={false}
                  rowKey={(item) =>
                    `${item.workDate}-${item.jobId ?? ''}-${item.paymentId ?? ''}-${item.adjustment?.periodStart ?? ''}-${item.cents}`
                  }
                  columns={line.kind === 'adjustment' ? adjustmentColumns : line.kind === 'piece' ? pieceColumns : itemColumns}
                  dataSource={line.items ?? []}
                />
              ),
            }}
          />
          <RegularRates weeks={data.regularRates ?? []} />
          <Typography.Title level={5}>{t('payroll.wages.daysTitle')}</Typography.Title>
          <Table<WageDay>
            size="small"
            pagination={false}
            rowKey="workDate"
            columns={dayColumns}
            dataSource={data.days}
            locale={{ emptyText: t('payroll.wages.noDays') }}
          />
          <Typography.Paragraph type="secondary">{t('payroll.wages.howComputed')}</Typography.Paragraph>
        </Flex>
      )}
    </Drawer>
  );
}
