import { Button, Space, type TableColumnType, Typography } from 'antd';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { useLocale } from '@/lib/i18n';
import { FlagTag, useLocalName } from './shared';
import { useListAction } from './useListAction';

interface Bilingual {
  nameEn: string;
  nameZh: string;
}

/** A settings record's name in the reader's language, the other language below it; sorted by the shown one. */
export function useBilingualNameColumn<Row extends Bilingual>(): TableColumnType<Row> {
  const { t } = useTranslation();
  const locale = useLocale();
  const localName = useLocalName();
  return {
    title: t('system.common.name'),
    key: locale === 'zh' ? 'nameZh' : 'nameEn',
    sorter: true,
    render: (_, row) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{localName(row)}</Typography.Text>
        <Typography.Text type="secondary">{locale === 'zh' ? row.nameEn : row.nameZh}</Typography.Text>
      </Space>
    ),
  };
}

/** Active or inactive, and the sort order: the closing columns of every settings list. */
export function useActiveAndOrderColumns<Row extends { active: boolean; sortOrder: number }>(): TableColumnType<Row>[] {
  const { t } = useTranslation();
  return [
    {
      title: t('system.common.active'),
      key: 'active',
      render: (_, row) => <FlagTag value={row.active} yes={t('system.common.active')} no={t('system.common.inactive')} />,
    },
    { title: t('system.common.sortOrder'), dataIndex: 'sortOrder', key: 'sortOrder', sorter: true, align: 'right' },
  ];
}

interface RowActionsProps {
  row: { id: number; version: number; active: boolean };
  /** The API module (`/zone`): its `updateState` and `remove` verbs are called. */
  api: string;
  /** The list reloaded after a change. */
  listUrl: string;
  onEdit: () => void;
  /** Offer enable / disable (`updateState`). */
  toggle?: boolean;
  /** Further links, between Edit and the state change. */
  children?: ReactNode;
}

/** The actions cell of a settings list: edit, enable / disable, remove (confirmed, with the version). */
export function RowActions({ row, api, listUrl, onEdit, toggle = true, children }: RowActionsProps) {
  const { t } = useTranslation();
  const setState = useListAction<{ id: number; active: boolean }>(`${api}/updateState`, listUrl, t('system.common.stateChanged'));
  const remove = useListAction<{ id: number; version: number }>(`${api}/remove`, listUrl, t('system.common.removed'));
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onEdit}>
        {t('common.actions.edit')}
      </Button>
      {children}
      {toggle ? (
        <GuardedButton
          type="link"
          size="small"
          onClick={() => void setState.run({ id: row.id, active: !row.active }).catch(() => undefined)}
        >
          {t(row.active ? 'system.common.disable' : 'system.common.enable')}
        </GuardedButton>
      ) : null}
      <DeleteButton type="link" size="small" onConfirm={() => remove.run({ id: row.id, version: row.version })} />
    </Space>
  );
}
