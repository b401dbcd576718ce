import { PlusOutlined } from '@ant-design/icons';
import { ZIP_KIND_TITLES, ZIP_KINDS, type Zone, type ZoneListRequest } from '@tidyhouse/contract';
import { Button, Flex, Form, Input, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ListPage';
import { RowActions } from '../components/columns';
import { type FlagFilter, FlagSelect, FlagTag, flagOf, useTitle } from '../components/shared';
import { ZipLookup } from '../components/ZipLookup';
import { ZONE_LIST_URL, ZoneModal } from '../components/ZoneModal';
import { ZoneTag } from '../components/ZoneTag';
import { zipField } from '../components/zips';

interface Filters {
  name?: string;
  code?: string;
  active?: FlagFilter;
  zip?: string;
}

const toRequest = (f: Filters): Partial<ZoneListRequest> => ({
  name: f.name?.trim() || undefined,
  code: f.code?.trim() || undefined,
  active: flagOf(f.active),
  zip: f.zip?.trim() || undefined,
});

/** /sys/region: zones with their colours and ZIP lists; add, edit, enable / disable, remove; look up a ZIP. */
export default function ZonesPage() {
  const { t } = useTranslation();
  const title = useTitle();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);

  const columns: TableColumnsType<Zone> = [
    { title: t('system.common.name'), key: 'name', sorter: true, render: (_, zone) => <ZoneTag zone={zone} /> },
    { title: t('system.zones.code'), dataIndex: 'code', key: 'code', sorter: true },
    {
      title: t('system.common.active'),
      key: 'active',
      sorter: true,
      render: (_, zone) => <FlagTag value={zone.active} yes={t('system.common.active')} no={t('system.common.inactive')} />,
    },
    ...ZIP_KINDS.map((kind) => ({
      title: t(`system.zones.count.${kind}`),
      key: kind,
      align: 'right' as const,
      render: (_: unknown, zone: Zone) => {
        const zips = zone[zipField(kind)];
        return zips.length ? (
          <Tooltip title={`${title(ZIP_KIND_TITLES[kind])}: ${zips.join(', ')}`}>
            <span data-testid={`zip-count-${kind}`}>{zips.length}</span>
          </Tooltip>
        ) : (
          <span data-testid={`zip-count-${kind}`}>0</span>
        );
      },
    })),
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, zone) => (
        <RowActions row={zone} api="/zone" listUrl={ZONE_LIST_URL} onEdit={() => setEditing({ id: zone.id })} />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ZipLookup />
      <ListPage<Zone, Filters>
        url={ZONE_LIST_URL}
        rowKey="id"
        columns={columns}
        toRequest={toRequest}
        searchFields={
          <>
            <Form.Item name="name" label={t('system.common.name')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="code" label={t('system.zones.code')}>
              <Input allowClear maxLength={16} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="active" label={t('system.common.active')}>
              <FlagSelect yes={t('system.common.active')} no={t('system.common.inactive')} />
            </Form.Item>
            <Form.Item name="zip" label={t('system.zones.zip')}>
              <Input allowClear maxLength={10} style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('system.zones.add')}
          </Button>
        }
      />
      {editing ? <ZoneModal id={editing.id} onClose={() => setEditing(null)} /> : null}
    </Flex>
  );
}
