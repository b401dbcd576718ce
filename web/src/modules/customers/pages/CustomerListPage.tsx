import { PlusOutlined } from '@ant-design/icons';
import {
  CUSTOMER_BALANCE_FILTERS,
  CUSTOMER_SOURCES,
  CUSTOMER_STATUSES,
  type CustomerBalanceFilter,
  type CustomerListItem,
} from '@tidyhouse/contract';
import { DatePicker, Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useHasPermission } from '@/lib/permissions';
import { AddCustomerModal } from '../components/AddCustomerModal';
import { toIsoDate } from '../components/converters';
import { ColorTag, STATUS_COLORS, showDate, useCustomerOptions, useEnumOptions, useEnumTitle, useMoney } from '../shared';

type Range = [Dayjs | null, Dayjs | null] | null | undefined;
interface Filters {
  keyword?: string;
  status?: string;
  zoneId?: number;
  serviceTeamId?: number;
  source?: string;
  balance?: CustomerBalanceFilter;
  nextService?: Range;
  lastService?: Range;
}

const rangeRequest = (range: Range, from: string, to: string) => ({
  ...(range?.[0] ? { [from]: toIsoDate(range[0]) } : {}),
  ...(range?.[1] ? { [to]: toIsoDate(range[1]) } : {}),
});

export function customerFilters({ nextService, lastService, keyword, ...rest }: Filters): object {
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null && value !== '')),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...rangeRequest(nextService, 'nextServiceFrom', 'nextServiceTo'),
    ...rangeRequest(lastService, 'lastServiceFrom', 'lastServiceTo'),
  };
}

/** /customer/customerlist (and /quick/customerlist): search, filter and open customers; add one. */
export default function CustomerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useEnumTitle();
  const options = useCustomerOptions();
  const canAdd = useHasPermission('/customer/customerdetail');
  const [adding, setAdding] = useState(false);
  const statuses = useEnumOptions('status', CUSTOMER_STATUSES);
  const sources = useEnumOptions('source', CUSTOMER_SOURCES);
  const open = (id: number) => navigate(`/customer/customerdetail?id=${id}`);
  const money = useMoney();
  const balances = CUSTOMER_BALANCE_FILTERS.map((value) => ({ value, label: t(`billing.customerList.${value}`) }));

  const columns: TableColumnsType<CustomerListItem> = [
    {
      key: 'name',
      title: t('customers.list.name'),
      sorter: true,
      render: (_, row) => (
        <div>
          <Link to={`/customer/customerdetail?id=${row.id}`} onClick={(event) => event.stopPropagation()}>
            {row.name}
          </Link>
          {row.company && row.company !== row.name ? (
            <div>
              <Typography.Text type="secondary">{row.company}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { key: 'phone1', dataIndex: 'phone1', title: t('customers.list.phone') },
    {
      key: 'address',
      title: t('customers.list.address'),
      // Cut with an ellipsis (whole on hover): every column stays on a 1600 px screen.
      render: (_, row) => {
        const address = [row.address1, row.city, row.zip].filter(Boolean).join(', ');
        return (
          <Space size={4}>
            <Typography.Text ellipsis={{ tooltip: address }} style={{ maxWidth: 230 }}>
              {address}
            </Typography.Text>
            <ColorTag value={row.zone} maxWidth={150} />
          </Space>
        );
      },
    },
    {
      key: 'status',
      title: t('customers.list.status'),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{title('status', row.status)}</Tag>,
    },
    { key: 'serviceTeam', title: t('customers.list.serviceTeam'), render: (_, row) => <ColorTag value={row.serviceTeam} /> },
    {
      key: 'nextServiceDate',
      title: t('customers.list.nextServiceDate'),
      sorter: true,
      render: (_, row) => showDate(row.nextServiceDate),
    },
    {
      key: 'lastServiceDate',
      title: t('customers.list.lastServiceDate'),
      sorter: true,
      render: (_, row) => showDate(row.lastServiceDate),
    },
    { key: 'source', title: t('customers.list.source'), render: (_, row) => title('source', row.source) },
    {
      key: 'balanceCents',
      title: t('billing.customerList.amountOwed'),
      align: 'right',
      sorter: true,
      // Last and fixed: at 1366 px the list scrolls inside and what is owed stays in view.
      fixed: 'right',
      // Billing's maintained balance: what is owed, or a credit shown as such (never a bare minus sign).
      render: (_, row) =>
        row.balanceCents < 0 ? (
          <Typography.Text type="success">
            {t('billing.customerList.creditOf', { amount: money(-row.balanceCents) })}
          </Typography.Text>
        ) : (
          money(row.balanceCents)
        ),
    },
  ];

  return (
    <>
      <ListPage<CustomerListItem, Filters>
        url="/customer/queryList"
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={customerFilters}
        onRow={(row) => ({ onClick: () => open(row.id), style: { cursor: 'pointer' } })}
        searchFields={
          <>
            <Form.Item name="keyword" label={t('customers.list.keyword')}>
              <Input allowClear placeholder={t('customers.list.keywordPlaceholder')} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="status" label={t('customers.list.status')}>
              <Select allowClear options={statuses} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="zoneId" label={t('customers.list.zone')}>
              <Select
                allowClear
                style={{ width: 150 }}
                options={(options.data?.zones ?? []).map((zone) => ({ value: zone.id, label: zone.name }))}
              />
            </Form.Item>
            <Form.Item name="serviceTeamId" label={t('customers.list.serviceTeam')}>
              <Select
                allowClear
                style={{ width: 150 }}
                options={(options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))}
              />
            </Form.Item>
            <Form.Item name="source" label={t('customers.list.source')}>
              <Select allowClear options={sources} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="balance" label={t('billing.customerList.balance')}>
              <Select allowClear options={balances} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="nextService" label={t('customers.list.nextServiceDate')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="lastService" label={t('customers.list.lastServiceDate')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </>
        }
        toolbar={
          canAdd ? (
            <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('customers.list.add')}
            </GuardedButton>
          ) : null
        }
      />
      <AddCustomerModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          setAdding(false);
          open(id);
        }}
      />
    </>
  );
}
