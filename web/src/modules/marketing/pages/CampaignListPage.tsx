import { PlusOutlined } from '@ant-design/icons';
import {
  CAMPAIGN_APPROVE_KEY,
  CAMPAIGN_AUDIT_STATUSES,
  CAMPAIGN_CATEGORIES,
  type Campaign,
  type CampaignListRequest,
  centsToDecimalText,
  formatCents,
} from '@tidyhouse/contract';
import { Button, Form, Input, Select, Space, type TableColumnsType, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '@/components/CellText';
import { DeleteButton } from '@/components/DeleteButton';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { useHasPermission } from '@/lib/permissions';
import { type FlagFilter, FlagSelect, FlagTag, flagOf } from '../../system/components/shared';
import { useListAction } from '../../system/components/useListAction';
import { CampaignAuditModal } from '../campaigns/CampaignAuditModal';
import { CAMPAIGN_LIST_URL, CampaignModal } from '../campaigns/CampaignModal';
import { CampaignStats } from '../campaigns/CampaignStats';

interface Filters {
  keyword?: string;
  category?: Campaign['category'];
  auditStatus?: Campaign['auditStatus'];
  active?: FlagFilter;
}

const toRequest = (f: Filters): Partial<CampaignListRequest> => ({
  keyword: f.keyword?.trim() || undefined,
  category: f.category,
  auditStatus: f.auditStatus,
  active: flagOf(f.active),
});

const STATUS_COLORS = { pending: 'gold', approved: 'green', failed: 'red' } as const;

/** /marketing/channellist: campaigns with their coupon and approval, and their results for a range. */
export default function CampaignListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const canApprove = useHasPermission(CAMPAIGN_APPROVE_KEY);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [auditing, setAuditing] = useState<Campaign | null>(null);
  const remove = useListAction<{ id: number; version: number }>(
    '/campaign/remove',
    CAMPAIGN_LIST_URL,
    t('marketing.campaigns.removed'),
  );

  const couponText = (c: Campaign) =>
    c.couponCode === ''
      ? '—'
      : `${c.couponCode} · ${c.couponKind === 'percent' ? `${centsToDecimalText(c.couponValue)} %` : formatCents(c.couponValue, locale)}`;

  const columns: TableColumnsType<Campaign> = [
    {
      title: t('marketing.campaigns.sourceName'),
      key: 'sourceName',
      sorter: true,
      render: (_, row) => <CellText max={200}>{row.sourceName}</CellText>,
    },
    {
      title: t('marketing.campaigns.category'),
      key: 'category',
      render: (_, row) => t(`marketing.campaigns.categories.${row.category}`),
    },
    { title: t('marketing.campaigns.coupon'), key: 'couponCode', sorter: true, render: (_, row) => couponText(row) },
    {
      title: t('marketing.campaigns.duration'),
      key: 'startDate',
      sorter: true,
      render: (_, row) => `${row.startDate} – ${row.endDate}`,
    },
    {
      title: t('marketing.campaigns.cost'),
      key: 'costCents',
      sorter: true,
      align: 'right',
      render: (_, row) => formatCents(row.costCents, locale),
    },
    {
      title: t('marketing.campaigns.active'),
      key: 'active',
      render: (_, row) => (
        <FlagTag value={row.active} yes={t('marketing.campaigns.activeYes')} no={t('marketing.campaigns.activeNo')} />
      ),
    },
    {
      title: t('marketing.campaigns.auditStatus'),
      key: 'auditStatus',
      sorter: true,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Tooltip title={row.auditReason || undefined}>
            <Tag color={STATUS_COLORS[row.auditStatus]}>{t(`marketing.campaigns.statuses.${row.auditStatus}`)}</Tag>
          </Tooltip>
          {row.auditStatus === 'failed' && row.auditReason ? (
            <CellText max={200}>
              <Typography.Text type="secondary">{row.auditReason}</Typography.Text>
            </CellText>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('marketing.campaigns.lastEditedBy'),
      key: 'updatedByName',
      render: (_, row) => row.updatedByName ?? '—',
    },
    {
      title: t('marketing.campaigns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
            {t('common.actions.edit')}
          </Button>
          {canApprove && row.auditStatus === 'pending' ? (
            <Button type="link" size="small" onClick={() => setAuditing(row)}>
              {t('marketing.campaigns.audit')}
            </Button>
          ) : null}
          <DeleteButton type="link" size="small" onConfirm={() => remove.run({ id: row.id, version: row.version })} />
        </Space>
      ),
    },
  ];

  const list = (
    <ListPage<Campaign, Filters>
      url={CAMPAIGN_LIST_URL}
      rowKey="id"
      columns={columns}
      toRequest={toRequest}
      searchFields={
        <>
          <Form.Item name="keyword" label={t('marketing.campaigns.keyword')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="category" label={t('marketing.campaigns.category')}>
            <Select
              allowClear
              style={{ minWidth: 140 }}
              options={CAMPAIGN_CATEGORIES.map((c) => ({ value: c, label: t(`marketing.campaigns.categories.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="auditStatus" label={t('marketing.campaigns.auditStatus')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              options={CAMPAIGN_AUDIT_STATUSES.map((s) => ({ value: s, label: t(`marketing.campaigns.statuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="active" label={t('marketing.campaigns.active')}>
            <FlagSelect yes={t('marketing.campaigns.activeYes')} no={t('marketing.campaigns.activeNo')} />
          </Form.Item>
        </>
      }
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('marketing.campaigns.add')}
        </Button>
      }
    />
  );

  return (
    <>
      <Tabs
        items={[
          { key: 'list', label: t('marketing.campaigns.tab'), children: list },
          { key: 'stats', label: t('marketing.stats.tab'), children: <CampaignStats /> },
        ]}
      />
      {editing ? <CampaignModal id={editing.id} onClose={() => setEditing(null)} /> : null}
      {auditing ? <CampaignAuditModal campaign={auditing} onClose={() => setAuditing(null)} /> : null}
    </>
  );
}
