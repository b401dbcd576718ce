import { useMutation } from '@tanstack/react-query';
import { Checkbox, Divider, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useInvalidate } from '../shared';
import { type LocationFormValues, locationToRequest, type ProfileFormValues, profileToRequest } from './converters';
import { LocationFields } from './LocationFields';
import { ProfileFields } from './ProfileFields';

interface AddValues extends ProfileFormValues {
  location?: LocationFormValues;
}

/** The "add customer" modal: the profile and, when ticked, a first service location. */
export function AddCustomerModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const [withLocation, setWithLocation] = useState(false);
  const invalidate = useInvalidate();
  const add = useMutation({
    mutationFn: (values: AddValues) =>
      post<{ id: number }>('/customer/add', {
        ...profileToRequest(values),
        status: values.status ?? 'prospect',
        location: withLocation && values.location ? locationToRequest({ ...values.location, isPrimary: true }) : null,
      }),
    onSuccess: ({ id }) => {
      showSuccess(t('customers.list.added'));
      invalidate('/customer/queryList');
      form.resetFields();
      setWithLocation(false);
      onAdded(id);
    },
  });

  return (
    <ActionModal
      open={open}
      title={t('customers.list.addTitle')}
      width={900}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={add.isPending}
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        initialValues={{ language: 'en', status: 'prospect', location: { state: 'CA', houseType: undefined } }}
        onFinish={(values) => add.mutate(values)}
        data-testid="add-customer-form"
      >
        <ProfileFields withStatus />
        <Divider />
        <Checkbox checked={withLocation} onChange={(event) => setWithLocation(event.target.checked)}>
          {t('customers.list.withLocation')}
        </Checkbox>
        {withLocation ? (
          <div style={{ marginTop: 16 }}>
            <LocationFields prefix="location" />
          </div>
        ) : null}
      </Form>
    </ActionModal>
  );
}
