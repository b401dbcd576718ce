import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDetail } from '@tidyhouse/contract';
import { App, Descriptions, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { useSession } from '@/lib/auth';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { invalidateEmployee } from '../api';
import { StatusTags } from './StatusTags';
import { TerminateModal } from './TerminateModal';

/** The employee's states, read-only, with the terminate / reinstate action (EmployeeInfo tab). */
export function EmploymentStatus({ employee }: { employee: EmployeeDetail }) {
  const moment = useMomentFormat();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const canUpdate = useHasPermission('/employee/employeelist/update') && userInfo?.id !== employee.id;
  const [terminating, setTerminating] = useState(false);
  const reinstate = useMutation({
    mutationFn: () => post('/sysUser/reinstate', { id: employee.id, version: employee.version }),
    onSuccess: () => showSuccess(t('employees.list.reinstated', { name: employee.name })),
    onSettled: () => invalidateEmployee(queryClient, employee.id),
  });

  const confirmReinstate = () =>
    modal.confirm({
      title: t('employees.list.reinstateTitle', { name: employee.name }),
      content: t('employees.list.reinstateText'),
      okText: t('employees.actions.reinstate'),
      cancelText: t('common.actions.cancel'),
      onOk: () => reinstate.mutateAsync().catch(() => undefined),
    });

  const items = [
    {
      key: 'status',
      label: t('employees.fields.status'),
      children: (
        <Flex gap={8} align="center" wrap>
          <StatusTags status={employee.status} accountStatus={employee.accountStatus} enabled={employee.enabled} />
          {canUpdate && employee.status === 'active' ? (
            <GuardedButton size="small" danger icon={<UserDeleteOutlined />} onClick={() => setTerminating(true)}>
              {t('employees.actions.terminate')}
            </GuardedButton>
          ) : null}
          {canUpdate && employee.status === 'terminated' ? (
            <GuardedButton size="small" icon={<UserAddOutlined />} onClick={confirmReinstate}>
              {t('employees.actions.reinstate')}
            </GuardedButton>
          ) : null}
        </Flex>
      ),
    },
    ...(employee.status === 'terminated'
      ? [
          { key: 'terminatedOn', label: t('employees.fields.terminatedOn'), children: employee.terminatedOn },
          {
            key: 'reason',
            label: t('employees.fields.terminationReason'),
            children: employee.terminationReason || t('employees.info.notSet'),
          },
        ]
      : []),
    {
      key: 'lastLogin',
      label: t('employees.fields.lastLogin'),
      children: employee.lastLoginAt ? moment(employee.lastLoginAt) : t('employees.list.never'),
    },
  ];

  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} items={items} data-testid="employment-status" />
      {terminating ? <TerminateModal employee={employee} onClose={() => setTerminating(false)} /> : null}
    </>
  );
}
