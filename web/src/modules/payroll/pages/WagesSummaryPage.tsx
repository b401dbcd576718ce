import { DownloadOutlined, LeftOutlined, RightOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { addDays, type WageSummaryRow } from '@tidyhouse/contract';
import { Alert, Button, Card, DatePicker, Empty, Flex, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { LoadFailed } from '@/components/LoadFailed';
import { useScreenTitle } from '@/lib/screens';
import { downloadFile } from '@/modules/service/download';
import { useWageSummary, WAGE_PATHS } from '../wages/api';
import { useWageFormat } from '../wages/format';
import { WageDetailDrawer } from '../wages/WageDetailDrawer';
import { WageSettingsModal } from '../wages/WageSettingsModal';

/**
 * /employee/wages (issue 11): each employee's California pay for a pay period, line by line, with the
 * gross; drill down to the days and jobs; export the period to XLSX; print a statement; settings.
 */
export default function WagesSummaryPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/employee/wages');
  const [date, setDate] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [nameText, setNameText] = useState('');
  const [openUser, setOpenUser] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  // No date yet: the server answers the period of today in the business time zone.
  const summary = useWageSummary(date, keyword);
  const format = useWageFormat();
  const period = summary.data?.period;
  const shownDate = date ?? period?.start ?? null;

  // The XLSX for the office, or the CSV for the payroll processor (a row per employee and pay code).
  const exportPeriod = async (kind: 'xlsx' | 'csv') => {
    if (!period) return;
    setExporting(kind);
    try {
      if (kind === 'xlsx') {
        await downloadFile(
          WAGE_PATHS.export,
          { from: period.start, to: period.end },
          'wages.xlsx',
          t('payroll.wages.exportFailed'),
        );
      } else {
        await downloadFile(
          WAGE_PATHS.payrollExport,
          { date: period.start },
          'payroll-export.csv',
          t('payroll.wages.exportFailed'),
        );
      }
    } finally {
      setExporting(null);
    }
  };

  const columns: TableColumnsType<WageSummaryRow> = [
    {
      key: 'name',
      title: t('payroll.wages.employee'),
      fixed: 'left',
      render: (_, row) => (
        <Button type="link" onClick={() => setOpenUser(row.userId)} data-testid={`wage-open-${row.userId}`}>
          {row.name}
        </Button>
      ),
    },
    {
      key: 'payTypes',
      title: t('payroll.wages.payTypes'),
      render: (_, row) => row.payTypes.map((p) => <Tag key={p}>{t(`payroll.wages.payTypeNames.${p}`)}</Tag>),
    },
    { key: 'hours', title: t('payroll.wages.hours'), align: 'right', render: (_, row) => format.hours(row.workedMinutes) },
    {
      key: 'lines',
      title: t('payroll.wages.linesTitle'),
      render: (_, row) => (
        // Wraps within its width so the gross and status columns stay on screen (1366 px and up).
        <Flex wrap gap={4} style={{ maxWidth: 400 }}>
          {row.lines.map((line) => (
            <Tag key={`${line.kind}-${line.laborTypeId ?? ''}-${line.rateCentsPerHour ?? ''}-${line.rateBasisPoints ?? ''}`}>
              {format.lineTitle(line)} {format.money(line.cents)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'gross',
      title: t('payroll.wages.gross'),
      align: 'right',
      render: (_, row) => <strong data-testid={`wage-gross-${row.userId}`}>{format.money(row.grossCents)}</strong>,
    },
    {
      key: 'status',
      title: t('payroll.wages.status'),
      render: (_, row) => (
        <Space size={4}>
          {row.approved ? <Tag color="green">{t('payroll.wages.approved')}</Tag> : <Tag>{t('payroll.wages.open')}</Tag>}
          {row.warnings.length > 0 && <Tag color="orange">{t('payroll.wages.needsReview')}</Tag>}
        </Space>
      ),
    },
  ];

  const shift = (days: number) => period && setDate(addDays(days < 0 ? period.start : period.end, days));

  return (
    <Card title={title}>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="center" justify="space-between">
          <Space wrap>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('payroll.wages.previous')}
              onClick={() => shift(-1)}
              disabled={!period}
            />
            <DatePicker
              allowClear={false}
              value={shownDate ? dayjs(shownDate) : null}
              onChange={(value) => value && setDate(value.format('YYYY-MM-DD'))}
              aria-label={t('payroll.wages.pickDate')}
            />
            <Button icon={<RightOutlined />} aria-label={t('payroll.wages.next')} onClick={() => shift(1)} disabled={!period} />
            {period && (
              <Typography.Text strong data-testid="wage-period">
                {t('payroll.wages.periodRange', { start: period.start, end: period.end })}
              </Typography.Text>
            )}
          </Space>
          <Space wrap>
            {/* Input and button apart (not Input.Search): each search asks the server, so its button keeps the spec §5 click guard. */}
            <Space.Compact style={{ width: 240 }}>
              <Input
                allowClear
                aria-label={t('payroll.wages.searchName')}
                placeholder={t('payroll.wages.searchName')}
                value={nameText}
                onChange={(event) => {
                  setNameText(event.target.value);
                  if (event.target.value === '') setKeyword('');
                }}
                onPressEnter={() => setKeyword(nameText)}
              />
              <GuardedButton
                icon={<SearchOutlined />}
                aria-label={t('common.actions.search')}
                onClick={() => setKeyword(nameText)}
              />
            </Space.Compact>
            <GuardedButton
              icon={<DownloadOutlined />}
              loading={exporting === 'xlsx'}
              disabled={!period}
              onClick={() => void exportPeriod('xlsx')}
            >
              {t('payroll.wages.export')}
            </GuardedButton>
            <GuardedButton
              icon={<DownloadOutlined />}
              loading={exporting === 'csv'}
              disabled={!period}
              onClick={() => void exportPeriod('csv')}
              data-testid="wage-payroll-export"
            >
              {t('payroll.wages.payrollExport')}
            </GuardedButton>
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('payroll.wages.settings')}
            </Button>
          </Space>
        </Flex>
        {summary.isError && <LoadFailed onRetry={() => void summary.refetch()} />}
        <Alert type="info" showIcon title={t('payroll.wages.intro')} />
        <Table<WageSummaryRow>
          rowKey="userId"
          size="middle"
          loading={summary.isPending}
          columns={columns}
          dataSource={summary.data?.rows ?? []}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('payroll.wages.empty')} /> }}
          summary={() =>
            summary.data && summary.data.rows.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>{t('payroll.wages.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {format.hours(summary.data.totals.workedMinutes)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} />
                <Table.Summary.Cell index={4} align="right">
                  <strong data-testid="wage-total">{format.money(summary.data.totals.grossCents)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} />
              </Table.Summary.Row>
            ) : null
          }
        />
      </Flex>
      {shownDate && <WageDetailDrawer userId={openUser} date={shownDate} onClose={() => setOpenUser(null)} />}
      <WageSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Card>
  );
}
