import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CausedConflicts, type EmployeeDetail, LEAVE_KINDS, type Leave } from '@tidyhouse/contract';
import {
  App,
  DatePicker,
  Form,
  type FormRule,
  Input,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DeleteButton } from '@/components/DeleteButton';
import { required, ValidationMessage } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage, listQueryKey } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { isConflict, URLS } from '../api';
import {
  DATE_FORMAT,
  fromDay,
  type LeaveFormValues,
  leaveFormValues,
  leaveRangeProblem,
  leaveRequest,
  TIME_FORMAT,
} from '../convert';
import { SickLeaveCard, sickLeaveKey } from './SickLeaveCard';

/** The cross-field leave rules, shown under the field they concern. */
const rangeRule =
  (problem: 'validation.endBeforeStart' | 'validation.endTimeNotAfterStart'): FormRule =>
  ({ getFieldsValue }) => ({
    validator: () =>
      leaveRangeProblem(getFieldsValue(true) as LeaveFormValues) === problem
        ? Promise.reject(new Error(problem))
        : Promise.resolve(),
    message: <ValidationMessage messageKey={problem} />,
  });

function LeaveModal({ userId, leave, onClose }: { userId: number; leave?: Leave; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LeaveFormValues>();
  const allDay = Form.useWatch('allDay', form) ?? true;
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const save = useMutation({
    mutationFn: (values: LeaveFormValues) =>
      leave
        ? post<CausedConflicts>('/sysUserLeave/modify', { id: leave.id, version: leave.version, ...leaveRequest(values) })
        : post<CausedConflicts>('/sysUserLeave/add', { userId, ...leaveRequest(values) }),
    onSuccess: (saved) => {
      showSuccess(t('employees.leave.saved'));
      onClose();
      // Leave is saved over a job; the office learns at once which jobs it touches (issue 20).
      const conflicts = saved?.conflicts ?? [];
      if (conflicts.length > 0) {
        modal.warning({
          title: t('employees.leave.touchesJobsTitle', { count: conflicts.length }),
          content: (
            <div data-testid="leave-conflicts">
              <Typography.Paragraph type="secondary">{t('employees.leave.touchesJobsHint')}</Typography.Paragraph>
              <ul>
                {conflicts.map((c) => (
                  <li key={c.key}>{c.message}</li>
                ))}
              </ul>
            </div>
          ),
        });
      }
    },
    onError: (error) => {
      if (isConflict(error)) onClose();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sickLeaveKey(userId) });
      return queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.leaveList) });
    },
  });
  const timeRules = [required('validation.leaveTimesRequired')];

  return (
    <ActionModal
      title={leave ? t('employees.leave.editTitle') : t('employees.leave.addTitle')}
      onOk={form.submit}
      onClose={onClose}
      saving={save.isPending}
    >
      <Form<LeaveFormValues>
        form={form}
        layout="vertical"
        initialValues={leave ? leaveFormValues(leave) : { kind: 'personal', allDay: true, reason: '' }}
        onFinish={(values) => save.mutate(values)}
        data-testid="leave-form"
      >
        {/* The spec's sentence, said once; each field names itself when it is missing. */}
        <Typography.Paragraph type="secondary" data-testid="leave-required-hint">
          <ValidationMessage messageKey="validation.leaveRequired" />
        </Typography.Paragraph>
        <Space size={16} wrap>
          <Form.Item name="startDate" label={t('employees.leave.startDate')} rules={[required('validation.startDateRequired')]}>
            <DatePicker format={DATE_FORMAT} />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={t('employees.leave.endDate')}
            dependencies={['startDate']}
            rules={[required('validation.endDateRequired'), rangeRule('validation.endBeforeStart')]}
          >
            <DatePicker format={DATE_FORMAT} />
          </Form.Item>
        </Space>
        {/* Sick leave is paid in wages from the balance (docs/business-rules.md "Paid sick leave"). */}
        <Form.Item name="kind" label={t('employees.leave.kind')}>
          <Select
            style={{ width: 200 }}
            options={LEAVE_KINDS.map((kind) => ({ value: kind, label: t(`employees.leave.kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="allDay" label={t('employees.leave.allDay')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {allDay ? null : (
          <Space size={16} wrap>
            <Form.Item name="startTime" label={t('employees.leave.startTime')} rules={timeRules}>
              <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
            </Form.Item>
            <Form.Item
              name="endTime"
              label={t('employees.leave.endTime')}
              dependencies={['startTime', 'startDate', 'endDate']}
              rules={[...timeRules, rangeRule('validation.endTimeNotAfterStart')]}
            >
              <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="reason" label={t('employees.leave.reason')} rules={[required('validation.reasonRequired')]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}

interface LeaveFilters {
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The Leave tab: the employee's leave log (start, end, all day or hours, reason, days). */
export function LeaveTab({ employee }: { employee: EmployeeDetail }) {
  const moment = useMomentFormat();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ leave?: Leave }>();
  const remove = useMutation({
    mutationFn: (leave: Leave) => post('/sysUserLeave/remove', { id: leave.id, version: leave.version }),
    onSuccess: () => showSuccess(t('employees.leave.removed')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sickLeaveKey(employee.id) });
      return queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.leaveList) });
    },
  });

  const columns: TableColumnsType<Leave> = [
    { key: 'startDate', dataIndex: 'startDate', title: t('employees.leave.startDate') },
    { key: 'endDate', dataIndex: 'endDate', title: t('employees.leave.endDate') },
    {
      key: 'kind',
      title: t('employees.leave.kind'),
      render: (_value, leave) =>
        leave.kind === 'sick' ? <Tag color="blue">{t('employees.leave.kinds.sick')}</Tag> : t('employees.leave.kinds.personal'),
    },
    {
      key: 'hours',
      title: t('employees.leave.hours'),
      render: (_value, leave) =>
        leave.allDay ? <Tag>{t('employees.leave.allDay')}</Tag> : `${leave.startTime ?? ''} – ${leave.endTime ?? ''}`,
    },
    { key: 'reason', dataIndex: 'reason', title: t('employees.leave.reason') },
    { key: 'days', dataIndex: 'days', title: t('employees.leave.days') },
    {
      key: 'created',
      title: t('employees.leave.createdBy'),
      render: (_value, leave) => `${leave.createdByName ?? ''} ${moment(leave.createdAt, 'day')}`,
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      render: (_value, leave) => (
        <Space size={0}>
          <GuardedButton type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ leave })}>
            {t('employees.actions.edit')}
          </GuardedButton>
          <DeleteButton type="link" size="small" onConfirm={() => remove.mutateAsync(leave)} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <SickLeaveCard userId={employee.id} />
      <ListPage<Leave, LeaveFilters>
        url={URLS.leaveList}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={({ range }) => ({
          userId: employee.id,
          dateFrom: fromDay(range?.[0]) ?? undefined,
          dateTo: fromDay(range?.[1]) ?? undefined,
        })}
        searchFields={
          <Form.Item name="range" label={t('employees.leave.range')}>
            <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} />
          </Form.Item>
        }
        toolbar={
          <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('employees.leave.add')}
          </GuardedButton>
        }
      />
      {editing ? <LeaveModal userId={employee.id} leave={editing.leave} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
