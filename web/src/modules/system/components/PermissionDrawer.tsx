import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code, type PermissionNode, type RoleDetail, type RoleSetPermissionsRequest } from '@tidyhouse/contract';
import { Alert, Button, Drawer, Flex, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { listQueryKey } from '@/components/ListPage';
import { ApiError, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { checkState, indexPermissionTree, keysToSave, toggleKey } from './permissionTree';
import { useLocalName } from './shared';

export const ROLE_LIST_URL = '/sysRole/queryList';
export const roleDetailKey = (id: number) => ['sysRole', 'detail', id] as const;

/**
 * "Set permissions": the menu groups, their screens and each screen's action keys, checked for the keys
 * the role holds; saving replaces the role's keys. The super administrator's tree is all checked and
 * read-only (it holds every key, always).
 */
export function PermissionDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: ['sysRole', 'permissionTree'],
    queryFn: () => post<PermissionNode[]>('/sysRole/permissionTree'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const role = useQuery({ queryKey: roleDetailKey(id), queryFn: () => post<RoleDetail>('/sysRole/detail', { id }), gcTime: 0 });
  const index = useMemo(() => indexPermissionTree(tree.data ?? []), [tree.data]);
  const [keys, setKeys] = useState<Set<string> | null>(null);
  // The version the checks were read from: a save sends it back.
  const [version, setVersion] = useState<number | null>(null);

  const detail = role.data;
  useEffect(() => {
    if (detail && version === null) {
      setKeys(new Set(detail.keys));
      setVersion(detail.version);
    }
  }, [detail, version]);

  const reload = async () => {
    const fresh = await role.refetch();
    if (fresh.data) {
      setKeys(new Set(fresh.data.keys));
      setVersion(fresh.data.version);
    }
  };

  const save = useMutation({
    mutationFn: () =>
      post<RoleDetail>('/sysRole/setPermissions', {
        id,
        version: version ?? 0,
        keys: keysToSave(index, keys ?? new Set()),
      } satisfies RoleSetPermissionsRequest),
    onSuccess: async (saved) => {
      showSuccess(t('system.roles.permissionsSaved'));
      setKeys(new Set(saved.keys));
      setVersion(saved.version);
      queryClient.setQueryData(roleDetailKey(id), saved);
      await queryClient.invalidateQueries({ queryKey: listQueryKey(ROLE_LIST_URL) });
      // The user's own role may be the one changed: their menu follows.
      await queryClient.invalidateQueries({ queryKey: ['getUserInfo'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.CONFLICT) void reload();
    },
  });

  const isSuper = detail?.isSuper ?? false;
  const shown = isSuper ? new Set(index.allKeys) : (keys ?? new Set<string>());
  const treeData = useMemo(() => {
    const toNode = (node: PermissionNode): TreeDataNode => ({
      key: node.key,
      title: (
        <span data-testid={`perm-${node.key}`}>
          {node.title[locale]}
          {node.kind === 'action' ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {t('system.roles.actionKey')}
            </Typography.Text>
          ) : null}
        </span>
      ),
      children: node.children?.map(toNode),
    });
    return (tree.data ?? []).map(toNode);
  }, [tree.data, locale, t]);

  const failed = tree.isError || role.isError;
  const ready = tree.data && detail && keys;
  return (
    <Drawer
      open
      size={520}
      title={detail ? t('system.roles.permissionsOf', { name: localName(detail) }) : t('system.roles.setPermissions')}
      onClose={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.actions.close')}</Button>
          {isSuper ? null : (
            <GuardedButton
              type="primary"
              disabled={!ready}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="save-permissions"
            >
              {t('common.actions.save')}
            </GuardedButton>
          )}
        </Flex>
      }
    >
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t('common.form.loadFailed')}
          action={
            <Button
              size="small"
              onClick={() => {
                void tree.refetch();
                void role.refetch();
              }}
            >
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : !ready ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          {isSuper ? <Alert type="info" showIcon title={t('system.roles.superAllKeys')} /> : null}
          <Typography.Text type="secondary" data-testid="permission-count">
            {t('system.roles.keysChecked', { count: keysToSave(index, shown).length, total: index.allKeys.length })}
          </Typography.Text>
          <Tree
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            disabled={isSuper}
            treeData={treeData}
            checkedKeys={checkState(index, shown)}
            onCheck={(_checked, info) =>
              setKeys((current) => toggleKey(index, current ?? new Set(), String(info.node.key), info.checked))
            }
            data-testid="permission-tree"
          />
        </Flex>
      )}
    </Drawer>
  );
}
