import type { AssignmentDay } from '@tidyhouse/contract';
import { Button, Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssignmentChange } from './api';

/** "Unassigned" in the team select (a select value cannot be null). */
const UNASSIGNED = 0;

interface Values {
  userId?: number;
  teamId?: number;
}

/** The same moves as dragging, for keyboard users: choose an employee and a team (or Unassigned). */
export function AssignForm({
  day,
  saving,
  onChange,
}: {
  day: AssignmentDay;
  saving: boolean;
  onChange: (change: AssignmentChange) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const people = [...day.teams.flatMap((team) => team.members), ...day.unassigned].sort((a, b) => a.name.localeCompare(b.name));
  const submit = ({ userId, teamId }: Values) => {
    if (userId === undefined || teamId === undefined) return;
    void onChange({ kind: 'move', userId, teamId: teamId === UNASSIGNED ? null : teamId }).then(
      () => form.resetFields(),
      () => undefined,
    );
  };
  return (
    <Card size="small" title={t('service.assignments.form.title')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" onFinish={submit} data-testid="assign-form">
        <Form.Item
          name="userId"
          label={t('service.assignments.form.employee')}
          rules={[{ required: true, message: t('service.assignments.form.employeeRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            options={people.map((p) => ({ value: p.userId, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="teamId"
          label={t('service.assignments.form.team')}
          rules={[{ required: true, message: t('service.assignments.form.teamRequired') }]}
        >
          <Select
            style={{ width: 200 }}
            options={[
              ...day.teams.map((team) => ({ value: team.id, label: team.name })),
              { value: UNASSIGNED, label: t('service.assignments.form.unassigned') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('service.assignments.form.assign')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
