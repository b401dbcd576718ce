import { PlusOutlined } from '@ant-design/icons';
import {
  DISCLAIMER_PURPOSE_TITLES,
  DISCLAIMER_PURPOSES,
  type Disclaimer,
  type DisclaimerListRequest,
  type DisclaimerPurpose,
} from '@tidyhouse/contract';
import { Button, Card, Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { ListPage } from '@/components/ListPage';
import { useLocale } from '@/lib/i18n';
import { DISCLAIMER_LIST_URL, DisclaimerModal } from './DisclaimerModal';
import { type FlagFilter, FlagSelect, FlagTag, flagOf, useTitle } from './shared';
import { useListAction } from './useListAction';

interface Filters {
  purpose?: DisclaimerPurpose;
  name?: string;
  active?: FlagFilter;
}

const toRequest = (f: Filters): Partial<DisclaimerListRequest> => ({
  purpose: f.purpose || undefined,
  name: f.name?.trim() || undefined,
  active: flagOf(f.active),
});

/** Disclaimers by purpose (quotes, invoices, gift certificates), in both languages. */
export function DisclaimersCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = useTitle();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const remove = useListAction<{ id: number; version: number }>(
    '/sysParam/disclaimerRemove',
    DISCLAIMER_LIST_URL,
    t('system.common.removed'),
  );

  const columns: TableColumnsType<Disclaimer> = [
    {
      title: t('system.params.disclaimers.purpose'),
      key: 'purpose',
      sorter: true,
      render: (_, d) => <Tag>{title(DISCLAIMER_PURPOSE_TITLES[d.purpose])}</Tag>,
    },
    { title: t('system.common.name'), dataIndex: 'name', key: 'name', sorter: true },
    {
      title: t('system.params.disclaimers.text'),
      key: 'text',
      render: (_, d) => {
        const text = locale === 'zh' ? d.textZh : d.textEn;
        return (
          <Typography.Paragraph style={{ maxWidth: 560, marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: text }}>
            {text}
          </Typography.Paragraph>
        );
      },
    },
    {
      title: t('system.common.active'),
      key: 'active',
      render: (_, d) => <FlagTag value={d.active} yes={t('system.common.active')} no={t('system.common.inactive')} />,
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ id: d.id })}>
            {t('common.actions.edit')}
          </Button>
          <DeleteButton type="link" size="small" onConfirm={() => remove.run({ id: d.id, version: d.version })} />
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('system.params.disclaimers.title')} data-testid="disclaimers-card">
      <ListPage<Disclaimer, Filters>
        url={DISCLAIMER_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={toRequest}
        searchFields={
          <>
            <Form.Item name="purpose" label={t('system.params.disclaimers.purpose')}>
              <Select
                allowClear
                placeholder={t('system.common.any')}
                style={{ width: 160 }}
                options={DISCLAIMER_PURPOSES.map((p) => ({ value: p, label: title(DISCLAIMER_PURPOSE_TITLES[p]) }))}
              />
            </Form.Item>
            <Form.Item name="name" label={t('system.common.name')}>
              <Input allowClear maxLength={96} />
            </Form.Item>
            <Form.Item name="active" label={t('system.common.active')}>
              <FlagSelect yes={t('system.common.active')} no={t('system.common.inactive')} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('system.params.disclaimers.add')}
          </Button>
        }
      />
      {editing ? <DisclaimerModal id={editing.id} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
