import {
  CheckCircleOutlined,
  EditOutlined,
  LockOutlined,
  StopOutlined,
  UnlockOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeListItem } from '@tidyhouse/contract';
import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/DeleteButton';
import { useSession } from '@/lib/auth';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { invalidateEmployee } from '../api';
import { editEmployeePath } from '../paths';
import { IconAction } from './IconAction';

export interface EmployeeRowActionsProps {
  employee: EmployeeListItem;
  onTerminate: (employee: EmployeeListItem) => void;
}

/**
 * The actions of an Employee Profile row: edit, enable / disable, freeze / unfreeze, terminate /
 * reinstate, delete. Hidden when the role lacks the key; the user's own row offers no action that
 * would lock them out (the server refuses them too).
 */
export function EmployeeRowActions({ employee, onTerminate }: EmployeeRowActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const canUpdate = useHasPermission('/employee/employeelist/update');
  const canBlock = useHasPermission('employee:account:block');
  const self = userInfo?.id === employee.id;
  const { id, name } = employee;

  const action = useMutation({
    mutationFn: ({ url, body }: { url: string; body: object; done: string }) => post(url, body),
    onSuccess: (_data, { done }) => showSuccess(done),
    onSettled: () => invalidateEmployee(queryClient, id),
  });
  const run = (url: string, body: object, done: string) => action.mutateAsync({ url, body, done }).catch(() => undefined);

  const confirm = (title: string, content: string, okText: string, onOk: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: true },
      onOk,
    });

  const setEnabled = (enabled: boolean) => {
    const send = () =>
      run('/sysUser/updateState', { id, enabled }, t(enabled ? 'employees.list.enabled' : 'employees.list.disabled', { name }));
    if (enabled) return void send();
    confirm(t('employees.list.disableTitle', { name }), t('employees.list.disableText'), t('employees.actions.disable'), send);
  };

  const setBlocked = (blocked: boolean) => {
    const send = () =>
      run('/sysUser/isBlocking', { id, blocked }, t(blocked ? 'employees.list.frozen' : 'employees.list.unfrozen', { name }));
    if (!blocked) return void send();
    confirm(t('employees.list.freezeTitle', { name }), t('employees.list.freezeText'), t('employees.actions.freeze'), send);
  };

  const reinstate = () =>
    modal.confirm({
      title: t('employees.list.reinstateTitle', { name }),
      content: t('employees.list.reinstateText'),
      okText: t('employees.actions.reinstate'),
      cancelText: t('common.actions.cancel'),
      onOk: () => run('/sysUser/reinstate', { id, version: employee.version }, t('employees.list.reinstated', { name })),
    });

  const frozen = employee.accountStatus === 'frozen';
  const terminated = employee.status === 'terminated';
  return (
    <Space size={0} wrap={false}>
      {canUpdate ? (
        <IconAction label={t('employees.actions.edit')} icon={<EditOutlined />} onClick={() => navigate(editEmployeePath(id))} />
      ) : null}
      {canUpdate && !self ? (
        <IconAction
          label={employee.enabled ? t('employees.actions.disable') : t('employees.actions.enable')}
          icon={employee.enabled ? <StopOutlined /> : <CheckCircleOutlined />}
          onClick={() => setEnabled(!employee.enabled)}
        />
      ) : null}
      {canBlock && !self ? (
        <IconAction
          label={frozen ? t('employees.actions.unfreeze') : t('employees.actions.freeze')}
          icon={frozen ? <UnlockOutlined /> : <LockOutlined />}
          onClick={() => setBlocked(!frozen)}
        />
      ) : null}
      {canUpdate && !self ? (
        <IconAction
          label={terminated ? t('employees.actions.reinstate') : t('employees.actions.terminate')}
          icon={terminated ? <UserAddOutlined /> : <UserDeleteOutlined />}
          onClick={() => (terminated ? reinstate() : onTerminate(employee))}
        />
      ) : null}
      {canUpdate && !self ? (
        <DeleteButton
          iconOnly
          type="text"
          size="small"
          onConfirm={() => run('/sysUser/remove', { id, version: employee.version }, t('employees.list.deleted', { name }))}
        />
      ) : null}
    </Space>
  );
}
