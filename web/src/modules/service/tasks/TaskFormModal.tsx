import { NUMBER_RANGES, type TaskDetail, type TaskSaved } from '@tidyhouse/contract';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { numberRange, required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { RecurrenceFields } from '../recurrence';
import { refOptions, useServiceOptions } from '../shared';
import { NEW_TASK, type TaskFormValues, taskToForm, taskToRequest } from './taskForm';

export const TASK_LIST_URL = '/task/queryList';
export const taskDetailKey = (id: number) => ['task', 'detail', id] as const;

/** Add a task (no id) or edit one: name, frequency, teams, schedule, notes. */
export function TaskFormModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useServiceOptions();
  const recordForm = useRecordForm<TaskFormValues, TaskDetail, TaskSaved>({
    load:
      id === undefined
        ? undefined
        : { queryKey: taskDetailKey(id), queryFn: () => post<TaskDetail>('/task/detail', { id }), toValues: taskToForm },
    submit: (values, record) =>
      record
        ? post<TaskSaved>('/task/modify', { id: record.id, version: record.version, ...taskToRequest(values) })
        : post<TaskSaved>('/task/add', taskToRequest(values)),
    invalidates: [listQueryKey(TASK_LIST_URL), ['task', 'detail']],
    reloadAfterSave: false,
    onSaved: onClose,
    savedMessage: t('service.tasks.saved'),
  });
  return (
    <FormModal<TaskFormValues, TaskDetail>
      title={id === undefined ? t('service.tasks.addTitle') : t('service.tasks.editTitle')}
      recordForm={recordForm}
      onClose={onClose}
      initialValues={NEW_TASK}
      width={640}
    >
      <Form.Item name="name" label={t('service.tasks.name')} rules={[required('validation.taskNameRequired')]}>
        <Input maxLength={96} />
      </Form.Item>
      <Form.Item name="teamIds" label={t('service.tasks.teams')} rules={[required('validation.teamRequired')]}>
        <Select
          mode="multiple"
          allowClear
          loading={options.isPending}
          options={refOptions(options.data?.teams)}
          data-testid="task-teams"
        />
      </Form.Item>
      <RecurrenceFields />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="startDate" label={t('service.tasks.startDate')} rules={[required('validation.startDateRequired')]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="endDate" label={t('service.tasks.endDate')} extra={t('service.tasks.endDateHint')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="startTime" label={t('service.tasks.startTime')} extra={t('service.common.localTime')}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="durationMinutes"
            label={t('service.tasks.durationMinutes')}
            rules={[
              required('validation.durationRequired'),
              numberRange(NUMBER_RANGES.taskDurationMinutes, 'service.tasks.durationMinutes'),
            ]}
          >
            <InputNumber step={15} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="notes" label={t('service.tasks.notes')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
