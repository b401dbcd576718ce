import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { KEY_LOCATIONS, type KeyListItem } from '@tidyhouse/contract';
import { Flex, Form, Input, Select, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { useHasPermission } from '@/lib/permissions';
import { KeyCustodyModal } from '../components/KeyCustodyModal';
import { KeyHistoryDrawer } from '../components/KeyHistoryDrawer';
import { RevealCode } from '../components/RevealCode';
import { ColorTag, useCustomerOptions, useEnumOptions, useEnumTitle } from '../shared';

interface Filters {
  keyword?: string;
  keyLocation?: string;
  holderId?: number;
  zoneId?: number;
  hasKey?: 'yes' | 'no';
}

export function keyFilters({ hasKey, keyword, ...rest }: Filters): object {
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null && value !== '')),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(hasKey ? { hasKey: hasKey === 'yes' } : {}),
  };
}

/** /customer/secretkey: every location's key custody and masked codes; reveal needs customer:keys:reveal. */
export default function CustomerKeysPage() {
  // Moments in the business time zone, one format per language (lib/dateTime).
  const showDateTime = useMomentFormat();
  const { t } = useTranslation();
  const title = useEnumTitle();
  const options = useCustomerOptions();
  const canReveal = useHasPermission('customer:keys:reveal');
  const canEdit = useHasPermission('/customer/secretkey');
  const keyLocations = useEnumOptions('keyLocation', KEY_LOCATIONS);
  const [editing, setEditing] = useState<KeyListItem | null>(null);
  const [history, setHistory] = useState<KeyListItem | null>(null);

  const code = (field: 'key' | 'alarm' | 'gate', row: KeyListItem) => (
    <RevealCode locationId={row.locationId} field={field} masked={row[`${field}Code`]} canReveal={canReveal} />
  );
  const columns: TableColumnsType<KeyListItem> = [
    {
      key: 'customerName',
      title: t('customers.keys.customer'),
      sorter: true,
      render: (_, row) => <Link to={`/customer/customerdetail?id=${row.customer.id}`}>{row.customer.name}</Link>,
    },
    {
      key: 'locationName',
      title: t('customers.keys.location'),
      sorter: true,
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.locationName }} style={{ maxWidth: 120 }}>
          {row.locationName}
        </Typography.Text>
      ),
    },
    {
      key: 'address',
      title: t('customers.list.address'),
      // A long address or zone name is cut with an ellipsis (the whole text on hover), so the codes stay on screen.
      render: (_, row) => {
        const address = [row.address1, row.city, row.zip].filter(Boolean).join(', ');
        return (
          <Flex vertical align="start" gap={2} style={{ maxWidth: 180 }}>
            <Typography.Text ellipsis={{ tooltip: address }} style={{ maxWidth: 180 }}>
              {address}
            </Typography.Text>
            <ColorTag value={row.zone} maxWidth={180} />
          </Flex>
        );
      },
    },
    {
      key: 'keyTag',
      title: t('customers.keys.keyTag'),
      sorter: true,
      render: (_, row) => (row.keyTag ? <Tag>{row.keyTag}</Tag> : '—'),
    },
    {
      key: 'keyLocation',
      title: t('customers.keys.keyLocation'),
      sorter: true,
      render: (_, row) => title('keyLocation', row.keyLocation) || '—',
    },
    {
      key: 'holder',
      title: t('customers.keys.holder'),
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.keyHolder?.name }} style={{ maxWidth: 110 }}>
          {row.keyHolder?.name ?? '—'}
        </Typography.Text>
      ),
    },
    {
      key: 'keyCheckedOutAt',
      title: t('customers.keys.since'),
      sorter: true,
      render: (_, row) => showDateTime(row.keyCheckedOutAt) || '—',
    },
    // The codes and actions are pinned right: on screen whatever the width of the other columns.
    { key: 'keyCode', title: t('customers.location.keyCode'), fixed: 'right', render: (_, row) => code('key', row) },
    { key: 'alarmCode', title: t('customers.location.alarmCode'), fixed: 'right', render: (_, row) => code('alarm', row) },
    { key: 'gateCode', title: t('customers.location.gateCode'), fixed: 'right', render: (_, row) => code('gate', row) },
    {
      key: 'actions',
      title: t('customers.actions.title'),
      fixed: 'right',
      render: (_, row) => (
        // Icons named by tooltip and accessible name: the row's codes stay on a 1600 px screen.
        <Space size={0}>
          {canEdit ? (
            <Tooltip title={t('customers.keys.edit')}>
              <GuardedButton
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('customers.keys.edit')}
                onClick={() => setEditing(row)}
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('customers.keys.history')}>
            <GuardedButton
              size="small"
              type="text"
              icon={<HistoryOutlined />}
              aria-label={t('customers.keys.history')}
              onClick={() => setHistory(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<KeyListItem, Filters>
        url="/customerKey/queryList"
        rowKey="locationId"
        columns={columns}
        initialFilters={{}}
        toRequest={keyFilters}
        searchFields={
          <>
            <Form.Item name="keyword" label={t('customers.keys.keyword')}>
              <Input allowClear placeholder={t('customers.keys.keywordPlaceholder')} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="keyLocation" label={t('customers.keys.keyLocation')}>
              <Select allowClear options={keyLocations} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="holderId" label={t('customers.keys.holder')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 160 }}
                options={(options.data?.employees ?? []).map((employee) => ({ value: employee.id, label: employee.name }))}
              />
            </Form.Item>
            <Form.Item name="zoneId" label={t('customers.list.zone')}>
              <Select
                allowClear
                style={{ width: 150 }}
                options={(options.data?.zones ?? []).map((zone) => ({ value: zone.id, label: zone.name }))}
              />
            </Form.Item>
            <Form.Item name="hasKey" label={t('customers.keys.hasKey')}>
              <Select
                allowClear
                style={{ width: 110 }}
                options={[
                  { value: 'yes', label: t('customers.keys.hasKeyYes') },
                  { value: 'no', label: t('customers.keys.hasKeyNo') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      {editing ? <KeyCustodyModal item={editing} onClose={() => setEditing(null)} /> : null}
      {history ? <KeyHistoryDrawer item={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}
