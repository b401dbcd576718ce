import { useMutation } from '@tanstack/react-query';
import { Code, KEY_LOCATIONS, type KeyListItem, type KeyLocation } from '@tidyhouse/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { ApiError, post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useCustomerOptions, useEnumOptions, useInvalidate } from '../shared';

interface Values {
  keyTag?: string;
  keyLocation?: KeyLocation | null;
  holderId?: number | null;
}

/** Key custody of a location: its tag, where the key is, and the employee holding it when with a team. */
export function KeyCustodyModal({ item, onClose }: { item: KeyListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const options = useCustomerOptions();
  const locations = useEnumOptions('keyLocation', KEY_LOCATIONS);
  const invalidate = useInvalidate();
  const keyLocation = Form.useWatch('keyLocation', form);
  const save = useMutation({
    mutationFn: (values: Values) =>
      post('/customerKey/modify', {
        locationId: item.locationId,
        version: item.version,
        keyTag: values.keyTag ?? '',
        keyLocation: values.keyLocation ?? null,
        holderId: values.keyLocation === 'with_team' ? (values.holderId ?? null) : null,
      }),
    onSuccess: () => {
      showSuccess(t('customers.actions.saved'));
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.CONFLICT) onClose();
    },
    onSettled: () => invalidate('/customerKey/queryList', '/customerLocation/queryList'),
  });

  return (
    <ActionModal
      title={t('customers.keys.editTitle', { location: item.locationName, customer: item.customer.name })}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ keyTag: item.keyTag, keyLocation: item.keyLocation, holderId: item.keyHolder?.id ?? null }}
        onFinish={(values) => save.mutate(values)}
        data-testid="key-form"
      >
        <Form.Item name="keyLocation" label={t('customers.keys.keyLocation')} extra={t('customers.keys.noKeyHint')}>
          <Select allowClear options={locations} />
        </Form.Item>
        <Form.Item
          name="keyTag"
          label={t('customers.keys.keyTag')}
          rules={keyLocation ? [required('validation.keyTagRequired')] : []}
        >
          <Input maxLength={32} />
        </Form.Item>
        {keyLocation === 'with_team' ? (
          <Form.Item
            name="holderId"
            label={t('customers.keys.holder')}
            rules={[required('validation.employeeRequired', { whitespace: false })]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(options.data?.employees ?? []).map((employee) => ({ value: employee.id, label: employee.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </ActionModal>
  );
}
