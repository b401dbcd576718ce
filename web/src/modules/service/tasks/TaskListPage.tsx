import { EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type PLAN_FREQUENCIES, TASK_STATUSES, type TaskDetail, type TaskListItem, type TaskStatus } from '@tidyhouse/contract';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  List,
  Space,
  Switch,
  type TableColumnsType,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '@/components/CellText';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { ChangeLogList } from '../ChangeLog';
import { FrequencyFilter, KeywordFilter, SelectFilter, TeamFilter } from '../filters';
import { useRecurrenceText } from '../recurrence';
import { ColorTag, useDuration, useInvalidate, useServiceOptions } from '../shared';
import { TASK_LIST_URL, TaskFormModal, taskDetailKey } from './TaskFormModal';

interface Filters {
  keyword?: string;
  status?: TaskStatus;
  frequency?: (typeof PLAN_FREQUENCIES)[number];
  teamId?: number;
}

const taskFilters = ({ keyword, ...rest }: Filters) => ({
  ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null)),
  ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
});

/** /service/tasklist: internal recurring work (supply runs, vehicle checks, training) for teams. */
export default function TaskListPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/service/tasklist');
  const _options = useServiceOptions();
  const recurrence = useRecurrenceText();
  const duration = useDuration();
  const canEdit = useHasPermission('/service/tasklist');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: TableColumnsType<TaskListItem> = [
    { key: 'reference', dataIndex: 'reference', title: t('service.tasks.reference'), sorter: true },
    {
      key: 'name',
      title: t('service.tasks.name'),
      sorter: true,
      render: (_, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(row.id)} data-testid={`task-open-${row.reference}`}>
          {row.name}
        </Button>
      ),
    },
    {
      key: 'frequency',
      title: t('service.tasks.frequency'),
      render: (_, row) => <CellText max={200}>{recurrence(row.rrule)}</CellText>,
    },
    {
      key: 'teams',
      title: t('service.tasks.teams'),
      render: (_, row) => (
        <CellText max={200}>
          <Space size={4} wrap>
            {row.teams.map((team) => (
              <ColorTag key={team.id} value={team} />
            ))}
          </Space>
        </CellText>
      ),
    },
    {
      key: 'schedule',
      title: t('service.tasks.schedule'),
      render: (_, row) =>
        [row.startTime ?? t('service.tasks.anyTime'), duration(row.durationMinutes)].filter(Boolean).join(' · '),
    },
    { key: 'startDate', dataIndex: 'startDate', title: t('service.tasks.startDate'), sorter: true },
    { key: 'nextDate', title: t('service.tasks.nextDate'), render: (_, row) => row.nextDate ?? '—' },
    {
      key: 'status',
      title: t('service.tasks.status'),
      render: (_, row) => <TaskStatusSwitch task={row} disabled={!canEdit} />,
    },
    {
      key: 'actions',
      title: t('service.common.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space>
          {canEdit ? (
            <GuardedButton
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing(row.id)}
              aria-label={t('common.actions.edit')}
            >
              {t('common.actions.edit')}
            </GuardedButton>
          ) : null}
          <Tooltip title={t('service.tasks.scheduleAndLog')}>
            <Button
              size="small"
              icon={<HistoryOutlined />}
              onClick={() => setViewing(row.id)}
              aria-label={t('service.tasks.scheduleAndLog')}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <ListPage<TaskListItem, Filters>
        url={TASK_LIST_URL}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={taskFilters}
        searchFields={
          <>
            <KeywordFilter label={t('service.tasks.keyword')} width={220} />
            <SelectFilter
              name="status"
              label={t('service.tasks.status')}
              anyText={t('service.tasks.anyStatus')}
              width={130}
              options={TASK_STATUSES.map((s) => ({ value: s, label: t(`service.enums.taskStatus.${s}`) }))}
            />
            <FrequencyFilter width={160} />
            <TeamFilter />
          </>
        }
        toolbar={
          canEdit ? (
            <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('service.tasks.add')}
            </GuardedButton>
          ) : null
        }
      />
      {editing !== null ? <TaskFormModal id={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <TaskDrawer id={viewing} onClose={() => setViewing(null)} />
    </Flex>
  );
}

/** Active / inactive, asked before it changes. */
function TaskStatusSwitch({ task, disabled }: { task: TaskListItem; disabled: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const change = useMutation({
    mutationFn: (active: boolean) => post('/task/updateState', { id: task.id, active }),
    onSuccess: () => showSuccess(t('service.tasks.saved')),
    onSettled: () => invalidate([TASK_LIST_URL], [['task', 'detail']]),
  });
  const active = task.status === 'active';
  return (
    <Switch
      checked={active}
      disabled={disabled}
      loading={change.isPending}
      checkedChildren={t('service.enums.taskStatus.active')}
      unCheckedChildren={t('service.enums.taskStatus.inactive')}
      onChange={(next) =>
        modal.confirm({
          title: next
            ? t('service.tasks.activateConfirm', { name: task.name })
            : t('service.tasks.deactivateConfirm', { name: task.name }),
          okText: t('common.actions.confirm'),
          cancelText: t('common.actions.cancel'),
          onOk: () => change.mutateAsync(next).catch(() => undefined),
        })
      }
    />
  );
}

/** The task's schedule (its next occurrences) and its change log. */
function TaskDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const recurrence = useRecurrenceText();
  const duration = useDuration();
  const detail = useQuery({
    queryKey: taskDetailKey(id ?? 0),
    queryFn: () => post<TaskDetail>('/task/detail', { id }),
    enabled: id !== null,
  });
  const task = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      title={task ? `${task.reference} · ${task.name}` : t('service.tasks.detail')}
      destroyOnHidden
    >
      {detail.isError ? <LoadFailed onRetry={() => void detail.refetch()} /> : null}
      {task && id !== null ? (
        <Tabs
          items={[
            {
              key: 'schedule',
              label: t('service.tasks.schedule'),
              children: (
                <Flex vertical gap={16}>
                  <Descriptions
                    size="small"
                    column={1}
                    items={[
                      {
                        key: 'f',
                        label: t('service.tasks.frequency'),
                        children: recurrence(task.rrule),
                      },
                      {
                        key: 'd',
                        label: t('service.tasks.startDate'),
                        children: `${task.startDate} → ${task.endDate ?? t('service.tasks.noEnd')}`,
                      },
                      { key: 't', label: t('service.tasks.startTime'), children: task.startTime ?? t('service.tasks.anyTime') },
                      { key: 'm', label: t('service.tasks.durationMinutes'), children: duration(task.durationMinutes) },
                      { key: 'n', label: t('service.tasks.notes'), children: task.notes || '—' },
                    ]}
                  />
                  <List
                    header={<Typography.Text strong>{t('service.tasks.upcoming')}</Typography.Text>}
                    size="small"
                    bordered
                    dataSource={task.upcoming}
                    locale={{ emptyText: t('service.tasks.noUpcoming') }}
                    renderItem={(date) => <List.Item data-testid="task-upcoming">{date}</List.Item>}
                  />
                </Flex>
              ),
            },
            { key: 'log', label: t('service.changeLog.title'), children: <ChangeLogList url="/task/history" recordId={id} /> },
          ]}
        />
      ) : detail.isPending && id !== null ? (
        <Typography.Text type="secondary">{t('common.route.loading')}</Typography.Text>
      ) : null}
    </Drawer>
  );
}
