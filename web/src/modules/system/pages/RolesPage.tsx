import { PlusOutlined } from '@ant-design/icons';
import type { Role, RoleListRequest } from '@tidyhouse/contract';
import { App, Button, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { PermissionDrawer, ROLE_LIST_URL } from '../components/PermissionDrawer';
import { RoleModal } from '../components/RoleModal';
import { type FlagFilter, FlagSelect, FlagTag, flagOf, useLocalName } from '../components/shared';
import { useListAction } from '../components/useListAction';

interface Filters {
  name?: string;
  enabled?: FlagFilter;
}

const toRequest = (f: Filters): Partial<RoleListRequest> => ({ name: f.name?.trim() || undefined, enabled: flagOf(f.enabled) });

/** /sys/roleauthor: roles, their state, users and keys; add, edit, enable / disable, remove, set permissions. */
export default function RolesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localName = useLocalName();
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<number | null>(null);
  const setState = useListAction<{ id: number; enabled: boolean }, { sessionsEnded: number }>(
    '/sysRole/updateState',
    ROLE_LIST_URL,
    (result, body) =>
      body.enabled ? t('system.common.stateChanged') : t('system.roles.disabledSessions', { count: result.sessionsEnded }),
  );
  const remove = useListAction<{ id: number; version: number }>('/sysRole/remove', ROLE_LIST_URL, t('system.common.removed'));

  const changeState = (role: Role) => {
    if (role.enabled) {
      modal.confirm({
        title: t('system.roles.confirmDisable'),
        // Below the spec's question: who is affected (the list's server-counted users).
        content: (
          <Typography.Paragraph data-testid="disable-role-users" style={{ marginBottom: 0 }}>
            {role.userCount > 0 ? t('system.roles.disableUsers', { count: role.userCount }) : t('system.roles.disableNoUsers')}
          </Typography.Paragraph>
        ),
        okText: t('system.common.disable'),
        okButtonProps: { danger: true },
        cancelText: t('common.actions.cancel'),
        onOk: () => setState.run({ id: role.id, enabled: false }).catch(() => undefined),
      });
    } else {
      void setState.run({ id: role.id, enabled: true }).catch(() => undefined);
    }
  };

  const columns: TableColumnsType<Role> = [
    {
      title: t('system.roles.name'),
      key: locale === 'zh' ? 'nameZh' : 'nameEn',
      sorter: true,
      render: (_, role) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>
            {localName(role)} {role.isSuper ? <Tag color="gold">{t('system.roles.super')}</Tag> : null}
          </Typography.Text>
          <Typography.Text type="secondary">{locale === 'zh' ? role.nameEn : role.nameZh}</Typography.Text>
        </Space>
      ),
    },
    { title: t('system.roles.code'), dataIndex: 'code', key: 'code', sorter: true },
    {
      title: t('system.roles.state'),
      key: 'enabled',
      sorter: true,
      render: (_, role) => <FlagTag value={role.enabled} yes={t('system.common.enabled')} no={t('system.common.disabled')} />,
    },
    { title: t('system.roles.users'), dataIndex: 'userCount', key: 'userCount', align: 'right' },
    {
      title: t('system.roles.keys'),
      key: 'keyCount',
      align: 'right',
      render: (_, role) => (role.isSuper ? t('system.roles.allKeys') : role.keyCount),
    },
    {
      title: t('system.common.description'),
      key: 'description',
      // In the viewer's language; a role without a Chinese description shows the English one.
      render: (_, role) => {
        const text = (locale === 'zh' && role.descriptionZh) || role.description;
        return (
          <Typography.Paragraph style={{ maxWidth: 280, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: text }}>
            {text}
          </Typography.Paragraph>
        );
      },
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, role) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ id: role.id })}>
            {t('common.actions.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setPermissionsOf(role.id)}>
            {t('system.roles.setPermissions')}
          </Button>
          {role.isSuper ? null : (
            <>
              <GuardedButton type="link" size="small" onClick={() => changeState(role)}>
                {t(role.enabled ? 'system.common.disable' : 'system.common.enable')}
              </GuardedButton>
              <DeleteButton type="link" size="small" onConfirm={() => remove.run({ id: role.id, version: role.version })} />
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Role, Filters>
        url={ROLE_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={toRequest}
        searchFields={
          <>
            <Form.Item name="name" label={t('system.roles.name')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="enabled" label={t('system.roles.state')}>
              <FlagSelect yes={t('system.common.enabled')} no={t('system.common.disabled')} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('system.roles.add')}
          </Button>
        }
      />
      {editing ? <RoleModal id={editing.id} onClose={() => setEditing(null)} /> : null}
      {permissionsOf !== null ? <PermissionDrawer id={permissionsOf} onClose={() => setPermissionsOf(null)} /> : null}
    </>
  );
}
