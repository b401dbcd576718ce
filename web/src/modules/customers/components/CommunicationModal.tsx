import { useMutation } from '@tanstack/react-query';
import { CONNECT_PURPOSES, CONNECT_STATUSES, CONNECT_TYPES, Code, type ConnectRecord, todayIn } from '@tidyhouse/contract';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { useBusinessTimeZone } from '@/lib/dateTime';
import { ApiError, post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useCustomerOptions, useEnumOptions, useInvalidate } from '../shared';
import { CustomerPicker } from './CustomerPicker';
import { fromIsoDate, toIsoDate } from './converters';

const LIST_URL = '/connectRecord/queryList';

interface Values {
  customerId?: number;
  status: ConnectRecord['status'];
  purpose: ConnectRecord['purpose'];
  type: ConnectRecord['type'];
  contactDate: Dayjs;
  subject: string;
  details?: string;
  loggedForId?: number | null;
  followUpDate?: Dayjs | null;
}

/** Add or edit a Communications Log entry; inside a customer's detail the customer is fixed. */
export function CommunicationModal({
  record,
  customer,
  onClose,
}: {
  record: ConnectRecord | null;
  customer?: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const timeZone = useBusinessTimeZone();
  const options = useCustomerOptions();
  const invalidate = useInvalidate();
  const statuses = useEnumOptions('connectStatus', CONNECT_STATUSES);
  const purposes = useEnumOptions('connectPurpose', CONNECT_PURPOSES);
  const types = useEnumOptions('connectType', CONNECT_TYPES);
  const save = useMutation({
    mutationFn: ({ customerId, contactDate, followUpDate, ...values }: Values) => {
      const body = {
        ...values,
        details: values.details ?? '',
        loggedForId: values.loggedForId ?? null,
        contactDate: toIsoDate(contactDate),
        followUpDate: toIsoDate(followUpDate),
      };
      return record
        ? post('/connectRecord/modify', { id: record.id, version: record.version, ...body })
        : post('/connectRecord/add', { customerId: customer?.id ?? customerId, ...body });
    },
    onSuccess: () => {
      showSuccess(t('customers.actions.saved'));
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.CONFLICT) onClose();
    },
    onSettled: () => invalidate(LIST_URL),
  });
  const initialValues: Partial<Values> = record
    ? {
        customerId: record.customer.id,
        status: record.status,
        purpose: record.purpose,
        type: record.type,
        contactDate: dayjs(record.contactDate),
        subject: record.subject,
        details: record.details,
        loggedForId: record.loggedFor?.id ?? null,
        followUpDate: fromIsoDate(record.followUpDate),
      }
    : { customerId: customer?.id, status: 'open', purpose: 'follow_up', type: 'call', contactDate: dayjs(todayIn(timeZone)) }; // today where the business is

  return (
    <ActionModal
      width={720}
      title={record ? t('customers.connect.editTitle') : t('customers.connect.addTitle')}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid="connect-form"
      >
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="customerId"
              label={t('customers.connect.customer')}
              rules={[{ required: true, message: t('customers.connect.customerRequired') }]}
            >
              <CustomerPicker disabled={Boolean(record || customer)} initialLabel={record?.customer.name ?? customer?.name} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="type" label={t('customers.connect.type')}>
              <Select options={types} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="purpose" label={t('customers.connect.purpose')}>
              <Select options={purposes} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="status" label={t('customers.connect.status')}>
              <Select options={statuses} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="contactDate"
              label={t('customers.connect.contactDate')}
              rules={[{ required: true, message: t('customers.payments.dateRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="loggedForId" label={t('customers.connect.loggedFor')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={(options.data?.employees ?? []).map((employee) => ({ value: employee.id, label: employee.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="followUpDate" label={t('customers.connect.followUpDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="subject" label={t('customers.connect.subject')} rules={[required('validation.subjectRequired')]}>
              <Input maxLength={160} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="details" label={t('customers.connect.details')}>
              <Input.TextArea rows={4} maxLength={4000} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </ActionModal>
  );
}
