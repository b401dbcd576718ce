import { PlusOutlined } from '@ant-design/icons';
import {
  formatCents,
  formatGiftNumber,
  GIFT_CERTIFICATE_STATUSES,
  type GiftCertificate,
  type GiftCertificateListRequest,
  type GiftCertificateStatus,
} from '@tidyhouse/contract';
import { Button, DatePicker, Form, Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { GiftCertificateDrawer } from '../gift-certificates/GiftCertificateDrawer';
import { GIFT_LIST_URL, GiftCertificateModal } from '../gift-certificates/GiftCertificateModal';
import { GiftStatusTag } from '../gift-certificates/GiftStatusTag';

interface Filters {
  keyword?: string;
  status?: GiftCertificateStatus;
  purchased?: [Dayjs | null, Dayjs | null] | null;
}

const toRequest = (f: Filters): Partial<GiftCertificateListRequest> => ({
  keyword: f.keyword?.trim() || undefined,
  status: f.status,
  purchasedFrom: f.purchased?.[0]?.format('YYYY-MM-DD'),
  purchasedTo: f.purchased?.[1]?.format('YYYY-MM-DD'),
});

/** /marketing/giftcertificate: sell, find, print, void certificates; each one's history in a drawer. */
export default function GiftCertificatePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatCents(cents, locale);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: TableColumnsType<GiftCertificate> = [
    {
      title: t('marketing.gift.number'),
      key: 'number',
      sorter: true,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)} style={{ padding: 0 }}>
          {formatGiftNumber(row.number)}
        </Button>
      ),
    },
    { title: t('marketing.gift.recipient'), dataIndex: 'recipientName', key: 'recipientName', sorter: true, ellipsis: true },
    { title: t('marketing.gift.purchaser'), dataIndex: 'purchaserName', key: 'purchaserName', ellipsis: true },
    { title: t('marketing.gift.purchasedOn'), dataIndex: 'purchasedOn', key: 'purchasedOn', sorter: true },
    {
      title: t('marketing.gift.purchaseAmount'),
      key: 'purchaseAmountCents',
      align: 'right',
      render: (_, row) => money(row.purchaseAmountCents),
    },
    {
      title: t('marketing.gift.certificateAmount'),
      key: 'certificateAmountCents',
      sorter: true,
      align: 'right',
      render: (_, row) => money(row.certificateAmountCents),
    },
    {
      title: t('marketing.gift.balance'),
      key: 'balanceCents',
      sorter: true,
      align: 'right',
      render: (_, row) => <strong>{money(row.balanceCents)}</strong>,
    },
    { title: t('marketing.gift.status'), key: 'status', sorter: true, render: (_, row) => <GiftStatusTag status={row.status} /> },
    {
      title: t('marketing.gift.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(row.id)}>
            {t('marketing.gift.view')}
          </Button>
          <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
            {t('common.actions.edit')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<GiftCertificate, Filters>
        url={GIFT_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={toRequest}
        header={(response) =>
          response ? (
            <Typography.Text type="secondary" data-testid="gift-outstanding">
              {t('marketing.gift.outstanding', { amount: money(Number(response.balanceTotalCents ?? 0)) })}
            </Typography.Text>
          ) : null
        }
        searchFields={
          <>
            <Form.Item name="keyword" label={t('marketing.gift.keyword')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="status" label={t('marketing.gift.status')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={GIFT_CERTIFICATE_STATUSES.map((s) => ({ value: s, label: t(`marketing.gift.statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="purchased" label={t('marketing.gift.purchasedRange')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('marketing.gift.sell')}
          </Button>
        }
      />
      <GiftCertificateDrawer id={viewing} onClose={() => setViewing(null)} onEdit={(id) => setEditing({ id })} />
      {editing ? <GiftCertificateModal id={editing.id} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
