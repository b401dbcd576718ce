import { PlusOutlined } from '@ant-design/icons';
import { formatCents, type LaborType, type LaborTypeListRequest } from '@tidyhouse/contract';
import { Button, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { LABOR_LIST_URL, LaborTypeModal } from '../components/LaborTypeModal';
import { type FlagFilter, FlagSelect, FlagTag, flagOf, useLocalName } from '../components/shared';
import { useListAction } from '../components/useListAction';

interface Filters {
  name?: string;
  active?: FlagFilter;
  isPaid?: FlagFilter;
}

const toRequest = (f: Filters): Partial<LaborTypeListRequest> => ({
  name: f.name?.trim() || undefined,
  active: flagOf(f.active),
  isPaid: flagOf(f.isPaid),
});

/** /sys/labortype: labor types with their default hourly rate; add, edit, enable / disable, remove. */
export default function LaborTypesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localName = useLocalName();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const setState = useListAction<{ id: number; active: boolean }>(
    '/laborType/updateState',
    LABOR_LIST_URL,
    t('system.common.stateChanged'),
  );
  const remove = useListAction<{ id: number; version: number }>('/laborType/remove', LABOR_LIST_URL, t('system.common.removed'));

  const columns: TableColumnsType<LaborType> = [
    {
      title: t('system.common.name'),
      key: locale === 'zh' ? 'nameZh' : 'nameEn',
      sorter: true,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{localName(row)}</Typography.Text>
          <Typography.Text type="secondary">{locale === 'zh' ? row.nameEn : row.nameZh}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('system.labor.rate'),
      key: 'defaultHourlyRateCents',
      sorter: true,
      align: 'right',
      render: (_, row) => t('system.labor.ratePerHour', { rate: formatCents(row.defaultHourlyRateCents, locale) }),
    },
    {
      title: t('system.labor.isPaid'),
      key: 'isPaid',
      render: (_, row) => <FlagTag value={row.isPaid} yes={t('system.labor.paid')} no={t('system.labor.unpaid')} />,
    },
    {
      title: t('system.labor.countsAsInHome'),
      key: 'countsAsInHome',
      render: (_, row) => <FlagTag value={row.countsAsInHome} yes={t('system.common.yes')} no={t('system.common.no')} />,
    },
    {
      title: t('system.common.active'),
      key: 'active',
      render: (_, row) => <FlagTag value={row.active} yes={t('system.common.active')} no={t('system.common.inactive')} />,
    },
    { title: t('system.common.sortOrder'), dataIndex: 'sortOrder', key: 'sortOrder', sorter: true, align: 'right' },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
            {t('common.actions.edit')}
          </Button>
          <GuardedButton
            type="link"
            size="small"
            onClick={() => void setState.run({ id: row.id, active: !row.active }).catch(() => undefined)}
          >
            {t(row.active ? 'system.common.disable' : 'system.common.enable')}
          </GuardedButton>
          <DeleteButton type="link" size="small" onConfirm={() => remove.run({ id: row.id, version: row.version })} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<LaborType, Filters>
        url={LABOR_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={toRequest}
        searchFields={
          <>
            <Form.Item name="name" label={t('system.common.name')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="active" label={t('system.common.active')}>
              <FlagSelect yes={t('system.common.active')} no={t('system.common.inactive')} />
            </Form.Item>
            <Form.Item name="isPaid" label={t('system.labor.isPaid')}>
              <FlagSelect yes={t('system.labor.paid')} no={t('system.labor.unpaid')} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('system.labor.add')}
          </Button>
        }
      />
      {editing ? <LaborTypeModal id={editing.id} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
