import { CopyOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { addDays } from '@tidyhouse/contract';
import { Alert, App, Button, DatePicker, Popconfirm, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadFailureText } from '@/lib/http';
import { registerStrings } from '@/lib/i18n';
import { useScreenTitle } from '@/lib/screens';
import { useBusinessClock } from '../shared';
import { AssignForm } from './AssignForm';
import { AssignmentBoard } from './AssignmentBoard';
import { type AssignmentChange, useAssignmentChange, useAssignmentDay, useLiveAssignments } from './api';
import { assignmentStrings } from './strings';

registerStrings(assignmentStrings);

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={loadFailureText(error, t('service.assignments.loadFailed'))}
      action={<Button onClick={onRetry}>{t('service.assignments.retry')}</Button>}
    />
  );
}

function DayAssignments({ date }: { date: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const day = useAssignmentDay(date);
  const change = useAssignmentChange(date);
  useLiveAssignments(date, day.data?.stamp);

  if (day.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="assignments-loading" />;
  if (day.isError || !day.data) return <LoadFailed error={day.error} onRetry={() => void day.refetch()} />;
  const data = day.data;
  const teamName = (id: number | null) => data.teams.find((team) => team.id === id)?.name;
  const nameOf = (userId: number) =>
    [...data.teams.flatMap((team) => team.members), ...data.unassigned].find((m) => m.userId === userId)?.name ?? '';

  const apply = (c: AssignmentChange) =>
    change.mutateAsync(c).then((after) => {
      if (c.kind === 'move') {
        const name = nameOf(c.userId);
        void message.success(
          c.teamId === null
            ? t('service.assignments.movedOut', { name, date })
            : t('service.assignments.moved', { name, team: teamName(c.teamId), date }),
        );
      } else if (c.kind === 'leader') void message.success(t('service.assignments.leaderSet'));
      else void message.success(t('service.assignments.toolbar.copied', { from: data.previousWorkingDay, date }));
      return after;
    });
  // Refusals already showed the server's message; the day reloads.
  const onChange = (c: AssignmentChange) => void apply(c).catch(() => undefined);

  return (
    <Spin spinning={change.isPending || day.isFetching}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag color={data.stored ? 'blue' : 'default'} data-testid="assignments-state">
          {t(data.stored ? 'service.assignments.state.stored' : 'service.assignments.state.standing')}
        </Tag>
        <Popconfirm
          title={t('service.assignments.toolbar.copyConfirm', { from: data.previousWorkingDay, date })}
          okText={t('service.assignments.toolbar.copyOk')}
          onConfirm={() => apply({ kind: 'copy' }).catch(() => undefined)}
        >
          <Button icon={<CopyOutlined />}>{t('service.assignments.toolbar.copy')}</Button>
        </Popconfirm>
      </Space>
      <AssignForm day={data} saving={change.isPending} onChange={apply} />
      <AssignmentBoard day={data} onChange={onChange} />
    </Spin>
  );
}

/** /employee/dailyallocation and /quick/dailyallocation: who works in which team on a chosen day. */
export default function DailyAssignmentsPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/employee/dailyallocation');
  const clock = useBusinessClock();
  const [params, setParams] = useSearchParams();
  const today = clock.data?.today;
  const date = params.get('date') ?? today;
  const go = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('date', next);
        return copy;
      },
      { replace: true },
    );

  if (clock.isError) return <LoadFailed error={clock.error} onRetry={() => void clock.refetch()} />;
  if (!date) return <Skeleton active paragraph={{ rows: 8 }} data-testid="assignments-loading" />;
  return (
    <div data-testid="daily-assignments">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('service.assignments.toolbar.previousDay')}
          onClick={() => go(addDays(date, -1))}
        />
        <DatePicker
          aria-label={t('service.assignments.toolbar.date')}
          allowClear={false}
          value={dayjs(date)}
          onChange={(value) => value && go(value.format('YYYY-MM-DD'))}
          data-testid="assignments-date"
        />
        <Button
          icon={<RightOutlined />}
          aria-label={t('service.assignments.toolbar.nextDay')}
          onClick={() => go(addDays(date, 1))}
        />
        <Button onClick={() => today && go(today)}>{t('service.assignments.toolbar.today')}</Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('service.assignments.help')}</Typography.Paragraph>
      <DayAssignments date={date} />
    </div>
  );
}
