import { PlusOutlined } from '@ant-design/icons';
import {
  formatCents,
  PRICE_ITEM_KIND_TITLES,
  PRICE_ITEM_KINDS,
  type PriceItem,
  type PriceItemKind,
  type PriceItemListRequest,
} from '@tidyhouse/contract';
import { Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { RowActions, useActiveAndOrderColumns, useBilingualNameColumn } from '../components/columns';
import { PriceHistoryDrawer, useRateText } from '../components/PriceHistoryDrawer';
import { PRICE_LIST_URL, PriceItemModal } from '../components/PriceItemModal';
import { type FlagFilter, FlagSelect, FlagTag, flagOf, useTitle } from '../components/shared';

interface Filters {
  kind?: PriceItemKind;
  active?: FlagFilter;
  name?: string;
}

const toRequest = (f: Filters): Partial<PriceItemListRequest> => ({
  kind: f.kind || undefined,
  active: flagOf(f.active),
  name: f.name?.trim() || undefined,
});

const KIND_COLORS: Record<PriceItemKind, string> = { item: 'blue', addon: 'purple', fee: 'orange' };

/** /sys/serviceprice: items, add-ons and fees with the rate in force and the next change; dated price changes. */
export default function PriceListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = useTitle();
  const rateText = useRateText();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [history, setHistory] = useState<number | null>(null);

  const nameColumn = useBilingualNameColumn<PriceItem>();
  const activeAndOrder = useActiveAndOrderColumns<PriceItem>();

  const columns: TableColumnsType<PriceItem> = [
    nameColumn,
    {
      title: t('system.prices.kind'),
      key: 'kind',
      sorter: true,
      render: (_, row) => <Tag color={KIND_COLORS[row.kind]}>{title(PRICE_ITEM_KIND_TITLES[row.kind])}</Tag>,
    },
    {
      title: t('system.prices.minutes'),
      key: 'minutes',
      align: 'right',
      render: (_, row) => (row.current ? row.current.inHomeMinutes : '—'),
    },
    {
      title: t('system.prices.unitPrice'),
      key: 'unitPrice',
      align: 'right',
      render: (_, row) =>
        row.current ? formatCents(row.current.unitPriceCents, locale) : <Tag>{t('system.prices.noPrice')}</Tag>,
    },
    {
      title: t('system.prices.next'),
      key: 'next',
      render: (_, row) =>
        row.next ? (
          <span data-testid="next-change">
            <Tag color="blue">{row.next.effectiveFrom}</Tag>
            {rateText(row.next)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t('system.prices.taxable'),
      key: 'taxable',
      render: (_, row) => <FlagTag value={row.taxable} yes={t('system.common.yes')} no={t('system.common.no')} />,
    },
    ...activeAndOrder,
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          row={row}
          api="/servicePrice"
          listUrl={PRICE_LIST_URL}
          onEdit={() => setEditing({ id: row.id })}
          toggle={false}
        >
          <Button type="link" size="small" onClick={() => setHistory(row.id)}>
            {t('system.prices.rates')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <ListPage<PriceItem, Filters>
        url={PRICE_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={toRequest}
        searchFields={
          <>
            <Form.Item name="kind" label={t('system.prices.kind')}>
              <Select
                allowClear
                placeholder={t('system.common.any')}
                style={{ width: 140 }}
                options={PRICE_ITEM_KINDS.map((kind) => ({ value: kind, label: title(PRICE_ITEM_KIND_TITLES[kind]) }))}
              />
            </Form.Item>
            <Form.Item name="active" label={t('system.common.active')}>
              <FlagSelect yes={t('system.common.active')} no={t('system.common.inactive')} />
            </Form.Item>
            <Form.Item name="name" label={t('system.common.name')}>
              <Input allowClear maxLength={96} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('system.prices.add')}
          </Button>
        }
      />
      {editing ? <PriceItemModal id={editing.id} onClose={() => setEditing(null)} /> : null}
      {history !== null ? <PriceHistoryDrawer id={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}
