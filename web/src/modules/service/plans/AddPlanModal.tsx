import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerListItem, ListResponse, Location, PlanDetail, PlanSaved } from '@tidyhouse/contract';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';
import { useJobChanged } from '../jobs/api';
import { PlanScheduleFields } from './PlanScheduleFields';
import { NEW_PLAN, type PlanAddValues, planToAddRequest } from './planForm';

export const PLAN_LIST_URL = '/servicePlan/queryList';

/** A customer searched on the server (name, phone, address), then one of its locations. */
function CustomerLocationFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlanAddValues>();
  const customerId = Form.useWatch('customerId', form);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const customers = useQuery({
    queryKey: ['customer', 'picker', keyword],
    queryFn: () =>
      post<ListResponse<CustomerListItem>>('/customer/queryList', { keyword: keyword || undefined, pageNum: 1, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
  const locations = useQuery({
    queryKey: ['customerLocation', 'list', customerId],
    queryFn: () => post<{ list: Location[] }>('/customerLocation/queryList', { customerId }),
    enabled: customerId !== undefined,
  });
  // One location: chosen at once.
  useEffect(() => {
    const list = locations.data?.list ?? [];
    if (list.length === 1 && form.getFieldValue('locationId') === undefined) form.setFieldValue('locationId', list[0]?.id);
  }, [locations.data, form]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="customerId" label={t('service.jobs.customer')} rules={[required('rule.required')]}>
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setTyped }}
            loading={customers.isFetching}
            placeholder={t('service.plans.customerSearch')}
            data-testid="plan-customer"
            onChange={() => form.setFieldValue('locationId', undefined)}
            options={(customers.data?.list ?? []).map((row) => ({
              value: row.id,
              label: [row.name, row.phone1, row.address1].filter(Boolean).join(' · '),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="locationId" label={t('service.job.location')} rules={[required('validation.locationRequired')]}>
          <Select<number>
            disabled={customerId === undefined}
            loading={locations.isFetching}
            data-testid="plan-location"
            options={(locations.data?.list ?? []).map((l) => ({ value: l.id, label: `${l.name} · ${l.address1}, ${l.city}` }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Adding a plan: where, from when, how often, for how much; its jobs are generated on save. */
export function AddPlanModal({ onClose, onAdded }: { onClose: () => void; onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const jobsChanged = useJobChanged();
  const recordForm = useRecordForm<PlanAddValues, PlanDetail, PlanSaved>({
    submit: (values) => post<PlanSaved>('/servicePlan/add', planToAddRequest(values)),
    invalidates: [listQueryKey(PLAN_LIST_URL)],
    onSaved: (saved) => {
      jobsChanged();
      showCausedConflicts(saved);
      onAdded(saved.id);
    },
    savedMessage: t('service.plans.added'),
  });
  return (
    <FormModal<PlanAddValues, PlanDetail>
      title={t('service.plans.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      initialValues={NEW_PLAN}
      width={760}
    >
      <CustomerLocationFields />
      <Form.Item name="startDate" label={t('service.plans.startDate')} rules={[required('validation.startDateRequired')]}>
        <DatePicker style={{ width: 220 }} />
      </Form.Item>
      <PlanScheduleFields />
      <Form.Item name="notes" label={t('service.plans.notes')} style={{ marginTop: 16 }}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
