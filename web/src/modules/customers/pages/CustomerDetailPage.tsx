import { useMutation, useQuery } from '@tanstack/react-query';
import { CUSTOMER_STATUSES, type Customer, type CustomerStatus } from '@tidyhouse/contract';
import { Alert, App, Button, Card, Descriptions, Flex, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { BalanceSummary } from '@/modules/billing/components/BalanceSummary';
import { CustomerInvoicesTab } from '@/modules/billing/components/CustomerInvoicesTab';
import { PaymentsTab } from '@/modules/billing/components/PaymentsTab';
import { RefundsTab } from '@/modules/billing/components/RefundsTab';
import { CustomerMessages } from '@/modules/messaging/log/CustomerMessages';
import { CommunicationsList } from '../components/CommunicationsList';
import { CustomerPicker } from '../components/CustomerPicker';
import { DocumentsTab } from '../components/DocumentsTab';
import { LocationsTab } from '../components/LocationsTab';
import { MessageChoicesTab } from '../components/MessageChoicesTab';
import { PreferencesTab } from '../components/PreferencesTab';
import { ProfileTab } from '../components/ProfileTab';
import { ColorTag, STATUS_COLORS, useEnumOptions, useEnumTitle, useInvalidate } from '../shared';

export const detailKey = (id: number) => ['customer', 'detail', id] as const;

/** /customer/customerdetail?id=: one customer with its tabs; without an id, a customer search. */
export default function CustomerDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <CustomerDetail id={id} /> : <PickCustomer />;
}

function PickCustomer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card title={t('customers.detail.pickTitle')}>
      <Flex vertical gap={8} style={{ maxWidth: 520 }}>
        <Typography.Text type="secondary">{t('customers.detail.pickHint')}</Typography.Text>
        <CustomerPicker
          style={{ width: '100%' }}
          data-testid="customer-picker"
          onChange={(value) => navigate(`/customer/customerdetail?id=${value}`)}
        />
      </Flex>
    </Card>
  );
}

function CustomerDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: detailKey(id), queryFn: () => post<Customer>('/customer/detail', { id }) });

  if (detail.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('customers.detail.loadFailed')}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!detail.data) return <Card loading />;
  const customer = detail.data;
  return (
    <Flex vertical gap={16}>
      <DetailHeader customer={customer} />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'profile', label: t('customers.detail.tabs.profile'), children: <ProfileTab customer={customer} /> },
            {
              key: 'locations',
              label: t('customers.detail.tabs.locations', { count: customer.counts.locations }),
              children: <LocationsTab customerId={id} />,
            },
            {
              key: 'documents',
              label: t('customers.detail.tabs.documents', { count: customer.counts.documents }),
              children: <DocumentsTab customerId={id} />,
            },
            {
              key: 'invoices',
              label: t('billing.customer.tab'),
              children: <CustomerInvoicesTab customerId={id} />,
            },
            {
              key: 'payments',
              label: t('customers.detail.tabs.payments', { count: customer.counts.payments }),
              children: <PaymentsTab customerId={id} />,
            },
            {
              key: 'refunds',
              label: t('customers.detail.tabs.refunds', { count: customer.counts.refunds }),
              children: <RefundsTab customerId={id} />,
            },
            { key: 'preferences', label: t('customers.detail.tabs.preferences'), children: <PreferencesTab customerId={id} /> },
            { key: 'messages', label: t('customers.detail.tabs.messages'), children: <MessageChoicesTab customerId={id} /> },
            {
              key: 'communications',
              label: t('customers.detail.tabs.communications', { count: customer.counts.connectRecords }),
              children: (
                <>
                  <CommunicationsList customer={{ id, name: customer.name }} />
                  <CustomerMessages customerId={id} />
                </>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}

function DetailHeader({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const title = useEnumTitle();
  const invalidate = useInvalidate();
  const canEdit = useHasPermission('/customer/customerdetail');
  const statuses = useEnumOptions('status', CUSTOMER_STATUSES);
  const change = useMutation({
    mutationFn: (status: CustomerStatus) =>
      post('/customer/updateStatus', { id: customer.id, version: customer.version, status }),
    onSuccess: () => showSuccess(t('customers.detail.statusChanged')),
    onSettled: () => invalidate('/customer/queryList'),
  });
  const askStatus = (status: CustomerStatus) =>
    modal.confirm({
      title: t('customers.detail.statusConfirm', { status: title('status', status) }),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () => change.mutateAsync(status).catch(() => undefined),
    });

  return (
    <Card>
      <Flex justify="space-between" wrap gap={16}>
        <Flex vertical gap={8}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-name">
              {customer.name}
            </Typography.Title>
            <Tag color={STATUS_COLORS[customer.status]} data-testid="customer-status">
              {title('status', customer.status)}
            </Tag>
            {canEdit ? (
              <Select<CustomerStatus>
                size="small"
                value={customer.status}
                style={{ width: 140 }}
                aria-label={t('customers.detail.changeStatus')}
                options={statuses}
                loading={change.isPending}
                onChange={(status) => status !== customer.status && askStatus(status)}
              />
            ) : null}
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'company', label: t('customers.profile.company'), children: customer.company || '—' },
              { key: 'phone', label: t('customers.profile.phone1'), children: customer.phone1 },
              { key: 'email', label: t('customers.profile.email'), children: customer.email || '—' },
              {
                key: 'address',
                label: t('customers.list.address'),
                children: (
                  <span>
                    {[customer.address1, customer.city, customer.zip].filter(Boolean).join(', ') || '—'}{' '}
                    <ColorTag value={customer.zone} />
                  </span>
                ),
              },
              { key: 'team', label: t('customers.profile.serviceTeam'), children: <ColorTag value={customer.serviceTeam} /> },
              { key: 'quote', label: t('customers.detail.quote'), children: customer.quote?.reference ?? '—' },
            ]}
          />
        </Flex>
        <BalanceSummary summary={customer.payments} />
      </Flex>
    </Card>
  );
}
