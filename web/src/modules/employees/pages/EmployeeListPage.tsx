import { DollarOutlined, PlusOutlined } from '@ant-design/icons';
import { ACCOUNT_STATUSES, EMPLOYMENT_STATUSES, type EmployeeListItem, type EmployeeListRequest } from '@tidyhouse/contract';
import { Card, Flex, Form, Input, Select, type TableColumnsType, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { URLS, useRoleOptions, useTeamOptions } from '../api';
import { EmployeeAvatar } from '../components/EmployeeAvatar';
import { EmployeeRowActions } from '../components/EmployeeRowActions';
import { PayRateModal } from '../components/PayRateModal';
import { StatusTags, TeamTag } from '../components/StatusTags';
import { TerminateModal, type TerminateTarget } from '../components/TerminateModal';
import { ADD_EMPLOYEE_PATH, editEmployeePath } from '../paths';

type Filters = Pick<EmployeeListRequest, 'keyword' | 'status' | 'accountStatus' | 'roleId' | 'teamId' | 'location'> & {
  enabled?: 'yes' | 'no';
};

const toRequest = ({ enabled, ...filters }: Filters) => ({
  ...filters,
  enabled: enabled === undefined ? undefined : enabled === 'yes',
});

/** /employee/employeelist: search, filter and act on employees (spec §2 Employee Profile). */
export default function EmployeeListPage() {
  const moment = useMomentFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useScreenTitle('/employee/employeelist');
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const canAdd = useHasPermission(ADD_EMPLOYEE_PATH);
  const canUpdate = useHasPermission('/employee/employeelist/update');
  const canPay = useHasPermission('employee:pay:manage');
  const [selected, setSelected] = useState<EmployeeListItem[]>([]);
  const [payFor, setPayFor] = useState<EmployeeListItem[]>();
  const [terminating, setTerminating] = useState<TerminateTarget>();

  const columns: TableColumnsType<EmployeeListItem> = [
    {
      key: 'photo',
      title: t('employees.fields.photo'),
      width: 64,
      render: (_value, row) => <EmployeeAvatar id={row.id} name={row.name} photoTag={row.photoTag} />,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('employees.fields.name'),
      sorter: true,
      render: (name: string, row) => (
        <Flex vertical>
          {canUpdate ? <Link to={editEmployeePath(row.id)}>{name}</Link> : <span>{name}</span>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.uname}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'employeeNo', dataIndex: 'employeeNo', title: t('employees.fields.employeeNo'), sorter: true },
    { key: 'roleName', dataIndex: 'roleName', title: t('employees.fields.role') },
    {
      key: 'team',
      title: t('employees.fields.team'),
      render: (_value, row) => (
        <TeamTag name={row.teamName} color={row.teamColor} textColor={row.teamTextColor} isLeader={row.isLeader} />
      ),
    },
    { key: 'phone', dataIndex: 'phone', title: t('employees.fields.phone') },
    { key: 'location', dataIndex: 'location', title: t('employees.fields.location') },
    { key: 'hireDate', dataIndex: 'hireDate', title: t('employees.fields.hireDate'), sorter: true },
    {
      key: 'lastLoginAt',
      dataIndex: 'lastLoginAt',
      title: t('employees.fields.lastLogin'),
      sorter: true,
      render: (value: string | null) => (value ? moment(value) : t('employees.list.never')),
    },
    {
      key: 'status',
      title: t('employees.fields.status'),
      render: (_value, row) => (
        <StatusTags status={row.status} accountStatus={row.accountStatus} enabled={row.enabled} terminatedOn={row.terminatedOn} />
      ),
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      fixed: 'right',
      render: (_value, row) => <EmployeeRowActions employee={row} onTerminate={setTerminating} />,
    },
  ];

  const searchFields = (
    <>
      <Form.Item name="keyword" label={t('employees.list.keyword')}>
        <Input allowClear placeholder={t('employees.list.keywordPlaceholder')} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="status" label={t('employees.fields.status')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={EMPLOYMENT_STATUSES.map((value) => ({ value, label: t(`employees.status.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="accountStatus" label={t('employees.fields.accountStatus')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={ACCOUNT_STATUSES.map((value) => ({ value, label: t(`employees.status.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('employees.fields.enabled')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={[
            { value: 'yes', label: t('employees.status.enabled') },
            { value: 'no', label: t('employees.status.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item name="roleId" label={t('employees.fields.role')}>
        <Select
          allowClear
          style={{ width: 180 }}
          loading={roles.isPending}
          options={roles.data?.map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <Form.Item name="teamId" label={t('employees.fields.team')}>
        <Select
          allowClear
          style={{ width: 180 }}
          loading={teams.isPending}
          options={[
            { value: 0, label: t('employees.team.none') },
            ...(teams.data ?? []).map((team) => ({ value: team.id, label: team.name })),
          ]}
        />
      </Form.Item>
      <Form.Item name="location" label={t('employees.fields.location')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
    </>
  );

  return (
    <Card title={title}>
      <ListPage<EmployeeListItem, Filters>
        url={URLS.employeeList}
        rowKey="id"
        columns={columns}
        searchFields={searchFields}
        toRequest={toRequest}
        rowSelection={
          canPay
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys: Key[], rows: EmployeeListItem[]) => setSelected(rows.filter(Boolean)),
              }
            : undefined
        }
        toolbar={
          <>
            {canAdd ? (
              <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => navigate(ADD_EMPLOYEE_PATH)}>
                {t('employees.list.add')}
              </GuardedButton>
            ) : null}
            {canPay ? (
              <GuardedButton icon={<DollarOutlined />} disabled={selected.length === 0} onClick={() => setPayFor(selected)}>
                {t('employees.list.setPayRate', { count: selected.length })}
              </GuardedButton>
            ) : null}
          </>
        }
      />
      {payFor ? <PayRateModal employees={payFor} onClose={() => setPayFor(undefined)} onSaved={() => setSelected([])} /> : null}
      {terminating ? <TerminateModal employee={terminating} onClose={() => setTerminating(undefined)} /> : null}
    </Card>
  );
}
