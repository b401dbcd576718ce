import { useMutation } from '@tanstack/react-query';
import { Code, type Customer } from '@tidyhouse/contract';
import { Descriptions, Divider, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { useMomentFormat } from '@/lib/dateTime';
import { ApiError, post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { CardCapture } from '@/modules/billing/components/CardCapture';
import { useInvalidate } from '../shared';
import { customerToForm, type ProfileFormValues, profileToRequest } from './converters';
import { ProfileFields } from './ProfileFields';

/** Profile tab: every profile field, saved with the version read; a stale version reloads the form. */
export function ProfileTab({ customer }: { customer: Customer }) {
  // Moments in the business time zone, one format per language (lib/dateTime).
  const showDateTime = useMomentFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProfileFormValues>();
  const invalidate = useInvalidate();
  const canEdit = useHasPermission('/customer/customerdetail');
  const save = useMutation({
    mutationFn: (values: ProfileFormValues) =>
      post('/customer/modify', {
        id: customer.id,
        version: customer.version,
        ...profileToRequest(values),
      }),
    onSuccess: () => showSuccess(t('customers.actions.saved')),
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.CONFLICT) form.resetFields();
    },
    onSettled: () => invalidate('/customer/queryList'),
  });
  const remove = useMutation({
    mutationFn: () => post('/customer/remove', { id: customer.id, version: customer.version }),
    onSuccess: () => {
      showSuccess(t('customers.actions.deleted'));
      invalidate('/customer/queryList');
      navigate('/customer/customerlist');
    },
  });

  return (
    <Flex vertical gap={8}>
      <Form<ProfileFormValues>
        key={customer.version}
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={customerToForm(customer)}
        onFinish={(values) => save.mutate(values)}
        data-testid="profile-form"
      >
        <ProfileFields />
        {canEdit ? (
          <Flex gap={8}>
            <GuardedButton type="primary" htmlType="submit" loading={save.isPending}>
              {t('customers.actions.save')}
            </GuardedButton>
            <GuardedButton onClick={() => form.resetFields()}>{t('common.actions.reset')}</GuardedButton>
            <DeleteButton onConfirm={() => remove.mutateAsync()}>{t('customers.detail.remove')}</DeleteButton>
          </Flex>
        ) : null}
      </Form>
      <CardCapture customer={customer} canEdit={canEdit} />
      <Divider />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'createdAt', label: t('customers.detail.createdAt'), children: showDateTime(customer.createdAt) },
          { key: 'createdBy', label: t('customers.detail.createdBy'), children: customer.createdBy ?? '—' },
          { key: 'updatedAt', label: t('customers.detail.updatedAt'), children: showDateTime(customer.updatedAt) },
        ]}
      />
    </Flex>
  );
}
