import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDetail } from '@tidyhouse/contract';
import { Col, DatePicker, Divider, Form, type FormRule, Input, Row, Select } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordLength, required, samePassword, ValidationMessage } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { useSession } from '@/lib/auth';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { invalidateEmployee, useRoleOptions } from '../api';
import { DATE_FORMAT, type EmployeeFormValues, employeeAddRequest, employeeFormValues, employeeModifyRequest } from '../convert';
import { EmploymentStatus } from './EmploymentStatus';
import { PhotoField } from './PhotoField';

const UNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** On edit the passwords may stay empty (keep the password); once one is typed, both are needed. */
const neededWith =
  (other: string, messageKey: 'validation.passwordRequired' | 'validation.verifyPasswordRequired'): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: string | undefined) =>
      value || !getFieldValue(other) ? Promise.resolve() : Promise.reject(new Error(messageKey)),
    message: <ValidationMessage messageKey={messageKey} />,
  });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start">{title}</Divider>
      <Row gutter={16}>{children}</Row>
    </>
  );
}

const Cell = ({ children }: { children: ReactNode }) => (
  <Col xs={24} md={12} xl={8}>
    {children}
  </Col>
);

export interface EmployeeInfoFormProps {
  /** The employee being edited; none on Add Employee. */
  employee?: EmployeeDetail;
  /** Called with the new employee's id after an add. */
  onAdded?: (id: number) => void;
}

/** The EmployeeInfo tab: every field of the employee (spec §3) with the spec §5 messages. */
export function EmployeeInfoForm({ employee, onAdded }: EmployeeInfoFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmployeeFormValues>();
  const queryClient = useQueryClient();
  const roles = useRoleOptions();
  const { userInfo } = useSession();
  const [pendingPhoto, setPendingPhoto] = useState<string>();
  const name = Form.useWatch('name', form);
  const editing = employee !== undefined;

  // A new version (saved here, or changed elsewhere and reloaded after a conflict) refills the form;
  // a refetch of the same version (a language switch) keeps what the user typed.
  const shownVersion = useRef<string>(undefined);
  useEffect(() => {
    if (!employee) return;
    const shown = `${employee.id}:${employee.version}`;
    if (shownVersion.current === shown) return;
    shownVersion.current = shown;
    form.resetFields();
    form.setFieldsValue(employeeFormValues(employee));
  }, [employee, form]);

  const save = useMutation({
    mutationFn: async (values: EmployeeFormValues) => {
      if (employee) return post<{ id: number }>('/sysUser/modify', employeeModifyRequest(employee.id, employee.version, values));
      const added = await post<{ id: number }>('/sysUser/add', employeeAddRequest(values));
      // The photo chosen before the employee existed; a refusal shows its message, the employee stays added.
      if (pendingPhoto) await post('/sysUser/uploadPhoto', { id: added.id, dataUrl: pendingPhoto }).catch(() => undefined);
      return added;
    },
    onSuccess: ({ id }) => {
      showSuccess(t(editing ? 'employees.info.saved' : 'employees.info.added'));
      if (!editing) onAdded?.(id);
    },
    // After a conflict (10009, someone saved first) the reloaded detail carries their version and refills the form.
    onSettled: () => invalidateEmployee(queryClient, employee?.id),
  });

  const isSuperUser = roles.data?.some((role) => role.isSuper && role.code === userInfo?.userRole) ?? false;
  const roleOptions = roles.data?.map((role) => ({
    value: role.id,
    label: role.name,
    disabled: !role.enabled || (role.isSuper && !isSuperUser),
  }));

  const date = <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />;
  return (
    <Form<EmployeeFormValues>
      form={form}
      layout="vertical"
      onFinish={(values) => save.mutate(values)}
      initialValues={{ password: '', verifyPassword: '' }}
      data-testid="employee-info-form"
    >
      <Section title={t('employees.info.identity')}>
        <Col xs={24} style={{ marginBottom: 16 }}>
          <PhotoField employee={employee} name={name} pending={pendingPhoto} onPending={setPendingPhoto} />
        </Col>
        <Cell>
          <Form.Item name="name" label={t('employees.fields.name')} rules={[required('validation.nameRequired')]}>
            <Input maxLength={96} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item
            name="employeeNo"
            label={t('employees.fields.employeeNo')}
            extra={editing ? undefined : t('employees.info.employeeNoHint')}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="birthDate" label={t('employees.fields.birthDate')}>
            {date}
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="phone" label={t('employees.fields.phone')}>
            <Input maxLength={32} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item
            name="email"
            label={t('employees.fields.email')}
            rules={[{ pattern: EMAIL_PATTERN, message: <ValidationMessage messageKey="validation.emailFormat" /> }]}
          >
            <Input maxLength={160} />
          </Form.Item>
        </Cell>
      </Section>

      <Section title={t('employees.info.employment')}>
        <Cell>
          <Form.Item name="roleId" label={t('employees.fields.jobRole')} rules={[required('validation.jobRoleRequired')]}>
            <Select loading={roles.isPending} options={roleOptions} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="hireDate" label={t('employees.fields.hireDate')}>
            {date}
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="location" label={t('employees.fields.location')}>
            <Input maxLength={160} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="referredBy" label={t('employees.fields.referredBy')}>
            <Input maxLength={96} />
          </Form.Item>
        </Cell>
        {employee ? (
          <Col xs={24}>
            <EmploymentStatus employee={employee} />
          </Col>
        ) : null}
      </Section>

      <Section title={t('employees.info.account')}>
        <Cell>
          <Form.Item
            name="uname"
            label={t('employees.fields.uname')}
            rules={[
              required('validation.userNameRequired'),
              { pattern: UNAME_PATTERN, message: <ValidationMessage messageKey="validation.userNameFormat" /> },
            ]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item
            name="password"
            label={t('employees.fields.password')}
            extra={editing ? t('employees.info.keepPassword') : undefined}
            dependencies={editing ? ['verifyPassword'] : undefined}
            rules={[
              editing
                ? neededWith('verifyPassword', 'validation.passwordRequired')
                : required('validation.passwordRequired', { whitespace: false }),
              passwordLength(),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item
            name="verifyPassword"
            label={t('employees.fields.verifyPassword')}
            dependencies={['password']}
            rules={[
              editing
                ? neededWith('password', 'validation.verifyPasswordRequired')
                : required('validation.verifyPasswordRequired', { whitespace: false }),
              samePassword('password'),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Cell>
      </Section>

      <Section title={t('employees.info.licenceAndContact')}>
        <Cell>
          <Form.Item name="driverLicenseNo" label={t('employees.fields.driverLicenseNo')}>
            <Input maxLength={32} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="driverLicenseExpiry" label={t('employees.fields.driverLicenseExpiry')}>
            {date}
          </Form.Item>
        </Cell>
        <Col xs={0} xl={8} />
        <Cell>
          <Form.Item name="emergencyContact" label={t('employees.fields.emergencyContact')}>
            <Input maxLength={96} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="emergencyPhone" label={t('employees.fields.emergencyPhone')}>
            <Input maxLength={32} />
          </Form.Item>
        </Cell>
        <Col xs={24}>
          <Form.Item name="notes" label={t('employees.fields.notes')}>
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
        </Col>
      </Section>

      <GuardedButton type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
        {editing ? t('employees.actions.save') : t('employees.info.addSubmit')}
      </GuardedButton>
    </Form>
  );
}
