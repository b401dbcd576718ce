import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { CONNECT_PURPOSES, CONNECT_STATUSES, CONNECT_TYPES, type ConnectRecord } from '@tidyhouse/contract';
import { Checkbox, DatePicker, Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { showDate, useCustomerOptions, useEnumOptions, useEnumTitle, useInvalidate } from '../shared';
import { CommunicationModal } from './CommunicationModal';
import { CustomerPicker } from './CustomerPicker';
import { toIsoDate } from './converters';

export const CONNECT_LIST_URL = '/connectRecord/queryList';

interface Filters {
  keyword?: string;
  customerId?: number;
  status?: string;
  purpose?: string;
  type?: string;
  loggedForId?: number;
  contact?: [Dayjs | null, Dayjs | null] | null;
  followUpDue?: boolean;
}

export function connectFilters({ contact, followUpDue, keyword, ...rest }: Filters, customerId?: number): object {
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null && value !== '')),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(contact?.[0] ? { contactFrom: toIsoDate(contact[0]) } : {}),
    ...(contact?.[1] ? { contactTo: toIsoDate(contact[1]) } : {}),
    ...(followUpDue ? { followUpDue: true } : {}),
    ...(customerId ? { customerId } : {}),
  };
}

/** Row class of an entry: follow-ups due today are highlighted, overdue ones marked. */
export const connectRowClass = (row: ConnectRecord) =>
  row.followUpDueToday ? 'follow-up-today' : row.followUpOverdue ? 'follow-up-overdue' : '';

const ROW_STYLES = `
.follow-up-today > td { background: #fffbe6 !important; }
.follow-up-overdue > td { background: #fff1f0 !important; }
`;

/**
 * The Communications Log: across every customer (the log screen) or one customer's entries (the
 * customer detail tab, `customer` given: its picker and customer column are left out).
 */
export function CommunicationsList({ customer }: { customer?: { id: number; name: string } }) {
  const { t } = useTranslation();
  const title = useEnumTitle();
  const options = useCustomerOptions();
  const canEdit = useHasPermission('/customer/connectrecord');
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<ConnectRecord | 'new' | null>(null);
  const statuses = useEnumOptions('connectStatus', CONNECT_STATUSES);
  const purposes = useEnumOptions('connectPurpose', CONNECT_PURPOSES);
  const types = useEnumOptions('connectType', CONNECT_TYPES);
  const employees = (options.data?.employees ?? []).map((employee) => ({ value: employee.id, label: employee.name }));
  const remove = useMutation({
    mutationFn: (row: ConnectRecord) => post('/connectRecord/remove', { id: row.id, version: row.version }),
    onSuccess: () => showSuccess(t('customers.actions.deleted')),
    onSettled: () => invalidate(CONNECT_LIST_URL),
  });

  const columns: TableColumnsType<ConnectRecord> = [
    {
      key: 'contactDate',
      title: t('customers.connect.contactDate'),
      sorter: true,
      render: (_, row) => showDate(row.contactDate),
    },
    ...(customer
      ? []
      : [
          {
            key: 'customerName',
            title: t('customers.connect.customer'),
            sorter: true,
            render: (_: unknown, row: ConnectRecord) => (
              <Link to={`/customer/customerdetail?id=${row.customer.id}`}>{row.customer.name}</Link>
            ),
          },
        ]),
    { key: 'type', title: t('customers.connect.type'), render: (_, row) => title('connectType', row.type) },
    { key: 'purpose', title: t('customers.connect.purpose'), render: (_, row) => title('connectPurpose', row.purpose) },
    {
      key: 'subject',
      title: t('customers.connect.subject'),
      render: (_, row) => (
        <div style={{ maxWidth: 360 }}>
          <div>{row.subject}</div>
          {row.details ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.details }}>
              {row.details}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('customers.connect.status'),
      sorter: true,
      render: (_, row) => <Tag color={row.status === 'open' ? 'blue' : 'default'}>{title('connectStatus', row.status)}</Tag>,
    },
    { key: 'loggedFor', title: t('customers.connect.loggedFor'), render: (_, row) => row.loggedFor?.name ?? '—' },
    {
      key: 'followUpDate',
      title: t('customers.connect.followUpDate'),
      sorter: true,
      render: (_, row) => (
        <Space>
          {showDate(row.followUpDate)}
          {row.followUpDueToday ? <Tag color="gold">{t('customers.connect.dueToday')}</Tag> : null}
          {row.followUpOverdue ? <Tag color="red">{t('customers.connect.overdue')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'createdBy', title: t('customers.connect.createdBy'), render: (_, row) => row.createdBy ?? '—' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('customers.actions.title'),
            // A wide list: it may scroll inside itself, its actions stay on screen.
            fixed: 'right' as const,
            render: (_: unknown, row: ConnectRecord) => (
              <Space>
                <GuardedButton size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                  {t('customers.actions.edit')}
                </GuardedButton>
                <DeleteButton size="small" onConfirm={() => remove.mutateAsync(row)} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <style>{ROW_STYLES}</style>
      <ListPage<ConnectRecord, Filters>
        url={CONNECT_LIST_URL}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={(filters) => connectFilters(filters, customer?.id)}
        rowClassName={connectRowClass}
        searchFields={
          <>
            <Form.Item name="keyword" label={t('customers.connect.keyword')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            {customer ? null : (
              <Form.Item name="customerId" label={t('customers.connect.customer')}>
                <CustomerPicker allowClear style={{ width: 220 }} />
              </Form.Item>
            )}
            <Form.Item name="status" label={t('customers.connect.status')}>
              <Select allowClear options={statuses} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="purpose" label={t('customers.connect.purpose')}>
              <Select allowClear options={purposes} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="type" label={t('customers.connect.type')}>
              <Select allowClear options={types} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="loggedForId" label={t('customers.connect.loggedFor')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={employees} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="contact" label={t('customers.connect.contactDate')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="followUpDue" valuePropName="checked">
              <Checkbox>{t('customers.connect.followUpDue')}</Checkbox>
            </Form.Item>
          </>
        }
        toolbar={
          canEdit ? (
            <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('customers.connect.add')}
            </GuardedButton>
          ) : null
        }
      />
      {editing ? (
        <CommunicationModal record={editing === 'new' ? null : editing} customer={customer} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
