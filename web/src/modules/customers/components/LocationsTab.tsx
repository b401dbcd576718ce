import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Code, type Location } from '@tidyhouse/contract';
import { Alert, Button, Flex, Form, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { ApiError, post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { ColorTag, useEnumTitle, useInvalidate } from '../shared';
import { type LocationFormValues, locationToForm, locationToRequest } from './converters';
import { LocationFields } from './LocationFields';

const LIST_URL = '/customerLocation/queryList';

/** Locations tab: a customer's service locations; add, edit (codes: empty keeps) and remove. */
export function LocationsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const title = useEnumTitle();
  const canEdit = useHasPermission('/customer/customerdetail');
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['list', LIST_URL, { customerId }],
    queryFn: () => post<{ list: Location[]; total: number }>(LIST_URL, { customerId }),
  });
  const remove = useMutation({
    mutationFn: (location: Location) => post('/customerLocation/remove', { id: location.id, version: location.version }),
    onSuccess: () => showSuccess(t('customers.actions.deleted')),
    onSettled: () => invalidate(LIST_URL, '/customer/queryList', '/customerKey/queryList'),
  });
  const codes = (row: Location) =>
    (['keyCode', 'alarmCode', 'gateCode'] as const)
      .filter((field) => row[field])
      .map((field) => (
        <div key={field}>
          <Typography.Text type="secondary">{t(`customers.location.${field}`)}: </Typography.Text>
          <Typography.Text code>{row[field]}</Typography.Text>
        </div>
      ));

  const columns: TableColumnsType<Location> = [
    {
      key: 'name',
      title: t('customers.location.name'),
      render: (_, row) => (
        <Space>
          {row.name}
          {row.isPrimary ? <Tag color="gold">{t('customers.location.primary')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'address',
      title: t('customers.list.address'),
      // Cut with an ellipsis (whole on hover) so the row's actions stay on a 1600 px screen.
      render: (_, row) => {
        const address = [row.address1, row.address2, row.city, row.state, row.zip].filter(Boolean).join(', ');
        return (
          <Flex vertical align="start" gap={2}>
            <Typography.Text ellipsis={{ tooltip: address }} style={{ maxWidth: 260 }}>
              {address}
            </Typography.Text>
            <ColorTag value={row.zone} maxWidth={260} />
          </Flex>
        );
      },
    },
    {
      key: 'contact',
      title: t('customers.location.primaryContact'),
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: row.primaryContact }} style={{ maxWidth: 220 }}>
            {row.primaryContact}
          </Typography.Text>
          {row.contactPhone ? <Typography.Text type="secondary">{row.contactPhone}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'house',
      title: t('customers.location.houseType'),
      render: (_, row) =>
        [title('houseType', row.houseType), row.sqft ? t('customers.location.sqftValue', { sqft: row.sqft }) : '']
          .filter(Boolean)
          .join(' · '),
    },
    { key: 'codes', title: t('customers.location.codes'), render: (_, row) => codes(row) },
    {
      key: 'accessNotes',
      title: t('customers.location.accessNotes'),
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.accessNotes }} style={{ maxWidth: 200 }}>
          {row.accessNotes}
        </Typography.Text>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('customers.actions.title'),
            fixed: 'right' as const,
            render: (_: unknown, row: Location) => (
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
    <Flex vertical gap={12}>
      {canEdit ? (
        <div>
          <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('customers.location.add')}
          </GuardedButton>
        </div>
      ) : null}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('common.list.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : null}
      <Table<Location>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        data-testid="locations-table"
      />
      {editing ? (
        <LocationModal customerId={customerId} location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Flex>
  );
}

function LocationModal({
  customerId,
  location,
  onClose,
}: {
  customerId: number;
  location: Location | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LocationFormValues>();
  const invalidate = useInvalidate();
  const save = useMutation({
    mutationFn: (values: LocationFormValues) =>
      location
        ? post('/customerLocation/modify', { id: location.id, version: location.version, ...locationToRequest(values) })
        : post('/customerLocation/add', { customerId, ...locationToRequest(values) }),
    onSuccess: () => {
      showSuccess(t('customers.actions.saved'));
      onClose();
    },
    onError: (error) => {
      // Someone else changed it: the list reloads and the dialog closes on the fresh copy.
      if (error instanceof ApiError && error.code === Code.CONFLICT) onClose();
    },
    onSettled: () => invalidate(LIST_URL, '/customer/queryList', '/customerKey/queryList'),
  });

  return (
    <ActionModal
      width={860}
      title={location ? t('customers.location.editTitle') : t('customers.location.addTitle')}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
    >
      <Form<LocationFormValues>
        form={form}
        layout="vertical"
        initialValues={location ? locationToForm(location) : { state: 'CA', isPrimary: false }}
        onFinish={(values) => save.mutate(values)}
        data-testid="location-form"
      >
        <LocationFields editing={location !== null} />
      </Form>
    </ActionModal>
  );
}
