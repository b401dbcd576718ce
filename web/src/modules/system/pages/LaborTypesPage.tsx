import { PlusOutlined } from '@ant-design/icons';
import { formatCents, type LaborType, type LaborTypeListRequest } from '@tidyhouse/contract';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { RowActions, useActiveAndOrderColumns, useBilingualNameColumn } from '../components/columns';
import { LABOR_LIST_URL, LaborTypeModal } from '../components/LaborTypeModal';
import { type FlagFilter, FlagSelect, FlagTag, flagOf } from '../components/shared';

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
  const [editing, setEditing] = useState<{ id?: number } | null>(null);

  const nameColumn = useBilingualNameColumn<LaborType>();
  const activeAndOrder = useActiveAndOrderColumns<LaborType>();

  const columns: TableColumnsType<LaborType> = [
    nameColumn,
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
    ...activeAndOrder,
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowActions row={row} api="/laborType" listUrl={LABOR_LIST_URL} onEdit={() => setEditing({ id: row.id })} />
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
