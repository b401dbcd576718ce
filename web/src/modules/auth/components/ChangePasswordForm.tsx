import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@tidyhouse/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordLength, required, samePassword } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';

/** Current, new and verify password (spec §5 messages), sent to /userCenter/changePassword. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const change = useMutation({
    mutationFn: (values: ChangePasswordRequest) => post<null>('/userCenter/changePassword', values),
    onSuccess: () => {
      showSuccess(t('auth.userCenter.passwordChanged'));
      form.resetFields();
    },
  });

  return (
    <Form<ChangePasswordRequest>
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(values) => change.mutate(values)}
    >
      <Form.Item
        name="oldPassword"
        label={t('auth.userCenter.oldPassword')}
        rules={[required('validation.oldPasswordRequired', { whitespace: false })]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.userCenter.password')}
        rules={[required('validation.passwordRequired', { whitespace: false }), passwordLength()]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="verifyPassword"
        label={t('auth.userCenter.verifyPassword')}
        dependencies={['password']}
        rules={[required('validation.verifyPasswordRequired', { whitespace: false }), samePassword('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <GuardedButton type="primary" htmlType="submit" loading={change.isPending}>
        {t('auth.userCenter.submit')}
      </GuardedButton>
    </Form>
  );
}
