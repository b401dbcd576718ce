import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { addDays, type ChecklistItem, type CLOSE_DAY_CHECKS, type START_OF_DAY_CHECKS } from '@tidyhouse/contract';
import { Button, DatePicker, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useBusinessClock } from '../../service/shared';
import { ConflictRow } from './ConflictAck';

/** The date a screen of the office day shows: `?date=`, else business today (null while it loads). */
export function useOfficeDate(): { date: string | null; today: string | undefined; go: (date: string) => void } {
  const clock = useBusinessClock();
  const [params, setParams] = useSearchParams();
  const today = clock.data?.today;
  const go = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('date', next);
        return copy;
      },
      { replace: true },
    );
  return { date: params.get('date') ?? today ?? null, today, go };
}

export function DayToolbar({
  title,
  date,
  today,
  go,
  closed,
  extra,
}: {
  title: string;
  date: string;
  today: string | undefined;
  go: (date: string) => void;
  closed: boolean | undefined;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Button icon={<LeftOutlined />} aria-label={t('office.day.previousDay')} onClick={() => go(addDays(date, -1))} />
      <DatePicker
        aria-label={t('office.day.date')}
        allowClear={false}
        value={dayjs(date)}
        onChange={(value) => value && go(value.format('YYYY-MM-DD'))}
        data-testid="office-date"
      />
      <Button icon={<RightOutlined />} aria-label={t('office.day.nextDay')} onClick={() => go(addDays(date, 1))} />
      <Button onClick={() => today && go(today)}>{t('office.day.today')}</Button>
      {closed !== undefined && (
        <Tag color={closed ? 'red' : 'green'} data-testid="office-day-status">
          {t(closed ? 'office.day.closed' : 'office.day.open')}
        </Tag>
      )}
      {extra}
    </Space>
  );
}

type CheckKey = (typeof START_OF_DAY_CHECKS)[number] | (typeof CLOSE_DAY_CHECKS)[number];

/** A checklist: each item green or red with its count, and the rows behind it linking to where to fix them. */
export function Checklist({ items, testId }: { items: ChecklistItem[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <List
      bordered
      data-testid={testId}
      dataSource={items}
      renderItem={(item) => (
        <List.Item data-testid={`check-${item.key}`} data-ok={item.ok}>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space>
              <Tag color={item.ok ? 'green' : 'red'}>
                {item.ok ? t('office.check.ok') : t('office.check.open', { count: item.count })}
              </Tag>
              <Typography.Text strong>{t(`office.check.${item.key as CheckKey}`)}</Typography.Text>
            </Space>
            {item.rows.map((row) =>
              row.conflictKey ? (
                <ConflictRow key={row.conflictKey} row={row} />
              ) : (
                <Link key={`${row.label}-${row.link}`} to={row.link} style={{ marginLeft: 12 }}>
                  {row.label}
                </Link>
              ),
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}
