import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  formatCents,
  formatGiftNumber,
  GIFT_CASH_REFUND_KEY,
  GIFT_VOID_KEY,
  type GiftCertificateDetail,
  type GiftEntry,
  giftCashRefundable,
} from '@tidyhouse/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { useMomentFormat } from '@/lib/dateTime';
import { loadFailureText, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { useHasPermission } from '@/lib/permissions';
import { downloadFile } from '@/modules/service/download';
import { GiftCashRefundModal, GiftVoidModal } from './GiftActions';
import { giftDetailKey } from './GiftCertificateModal';
import { GiftStatusTag } from './GiftStatusTag';

/** One certificate: its amounts, people and texts, its history, and what the office can do with it. */
export function GiftCertificateDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (id: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatCents(cents, locale);
  const moment = useMomentFormat();
  const canVoid = useHasPermission(GIFT_VOID_KEY);
  const canRefund = useHasPermission(GIFT_CASH_REFUND_KEY);
  const [acting, setActing] = useState<'void' | 'cash' | null>(null);
  const detail = useQuery({
    queryKey: giftDetailKey(id ?? 0),
    queryFn: () => post<GiftCertificateDetail>('/giftCertificate/detail', { id }),
    enabled: id !== null,
  });
  const data = detail.data;
  const pdf = (lang: 'zh' | 'en') =>
    data &&
    void downloadFile('/giftCertificate/pdf', { id: data.id, lang }, 'gift-certificate.pdf', t('marketing.gift.pdfFailed'));

  const columns: TableColumnsType<GiftEntry> = [
    { key: 'at', title: t('marketing.gift.at'), render: (_, e) => moment(e.createdAt) },
    { key: 'kind', title: t('marketing.gift.history'), render: (_, e) => t(`marketing.gift.entryKinds.${e.kind}`) },
    { key: 'amount', title: t('marketing.gift.amount'), align: 'right', render: (_, e) => money(e.amountCents) },
    { key: 'after', title: t('marketing.gift.balanceAfter'), align: 'right', render: (_, e) => money(e.balanceAfterCents) },
    { key: 'job', title: t('marketing.gift.job'), render: (_, e) => e.jobReference ?? '' },
    { key: 'note', title: t('marketing.gift.note'), dataIndex: 'note', ellipsis: true },
    { key: 'by', title: t('marketing.gift.by'), render: (_, e) => e.createdByName ?? '' },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={860}
      title={data ? `${t('marketing.gift.title')} ${formatGiftNumber(data.number)}` : ''}
      extra={
        data ? (
          <Flex gap={8} wrap>
            <GuardedButton icon={<FilePdfOutlined />} onClick={() => pdf('zh')}>
              {t('marketing.gift.pdfZh')}
            </GuardedButton>
            <GuardedButton icon={<FilePdfOutlined />} onClick={() => pdf('en')}>
              {t('marketing.gift.pdfEn')}
            </GuardedButton>
            <Button onClick={() => onEdit(data.id)}>{t('common.actions.edit')}</Button>
            {canRefund && giftCashRefundable(data) ? (
              <Button onClick={() => setActing('cash')}>{t('marketing.gift.cashRefund')}</Button>
            ) : null}
            {canVoid && data.status !== 'voided' ? (
              <Button danger onClick={() => setActing('void')}>
                {t('marketing.gift.void')}
              </Button>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={loadFailureText(detail.error, t('marketing.gift.loadFailed'))}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {data.status === 'voided' ? (
            <Alert type="warning" showIcon title={t('marketing.gift.voidedBecause', { reason: data.voidReason })} />
          ) : null}
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'status', label: t('marketing.gift.status'), children: <GiftStatusTag status={data.status} /> },
              {
                key: 'balance',
                label: t('marketing.gift.balance'),
                children: <strong data-testid="gift-detail-balance">{money(data.balanceCents)}</strong>,
              },
              { key: 'amount', label: t('marketing.gift.certificateAmount'), children: money(data.certificateAmountCents) },
              {
                key: 'paid',
                label: t('marketing.gift.purchaseAmount'),
                children: `${money(data.purchaseAmountCents)} · ${t(`marketing.gift.purchaseMethods.${data.purchaseMethod}`)}`,
              },
              { key: 'purchasedOn', label: t('marketing.gift.purchasedOn'), children: data.purchasedOn },
              { key: 'sentOn', label: t('marketing.gift.sentOn'), children: data.sentOn ?? '—' },
              {
                key: 'purchaser',
                label: t('marketing.gift.purchaser'),
                children: [data.purchaserName, data.purchaserPhone, data.purchaserEmail].filter(Boolean).join(' · '),
              },
              {
                key: 'recipient',
                label: t('marketing.gift.recipient'),
                children: [data.recipientName, data.recipientPhone, data.recipientEmail].filter(Boolean).join(' · '),
              },
              {
                key: 'service',
                label: t('marketing.gift.serviceDescription'),
                children: data.serviceDescription || '—',
                span: 2,
              },
              { key: 'message', label: t('marketing.gift.message'), children: data.message || '—', span: 2 },
              { key: 'notes', label: t('marketing.gift.officeNotes'), children: data.officeNotes || '—', span: 2 },
            ]}
          />
          <Typography.Text type="secondary">{t('marketing.gift.noExpiry')}</Typography.Text>
          <Typography.Title level={5}>{t('marketing.gift.history')}</Typography.Title>
          <Table<GiftEntry> rowKey="id" size="small" columns={columns} dataSource={data.history} pagination={false} />
        </Flex>
      )}
      {data && acting === 'void' ? <GiftVoidModal certificate={data} onClose={() => setActing(null)} /> : null}
      {data && acting === 'cash' ? <GiftCashRefundModal certificate={data} onClose={() => setActing(null)} /> : null}
    </Drawer>
  );
}
