import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { LOCALES, type Locale, type LoginRequest, type LoginResponse } from '@tidyhouse/contract';
import { Alert, Form, Input, Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate } from 'react-router';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { hasMenu, saveSession } from '@/lib/auth';
import { post } from '@/lib/http';
import { setLocale, useLocale } from '@/lib/i18n';
import type { LoginLoaderData } from '../loginLoader';
import { refuseWithoutMenu } from '../refuseWithoutMenu';

// A styled div rather than antd Flex, which the first load of /login would download for this alone.
const pageStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  background: '#f0f2f5',
} as const;
const cardStyle = { width: 380, padding: 24, boxSizing: 'border-box' } as const;
const titleStyle = { textAlign: 'center', margin: '0 0 4px', fontSize: 24, fontWeight: 600, lineHeight: 1.35 } as const;
const subtitleStyle = { textAlign: 'center', margin: '0 0 1em' } as const;

/** /login (spec §2): user name, password and language; a user without menu entries is refused. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const linkError = (useLoaderData() as LoginLoaderData | null | undefined)?.linkError;
  const { token: design } = theme.useToken();
  const login = useMutation({ mutationFn: (values: LoginRequest) => post<LoginResponse>('/login', values) });

  const submit = (values: LoginRequest) =>
    login.mutate(values, {
      onSuccess: ({ token, userInfo }) => {
        if (!hasMenu(userInfo)) {
          void refuseWithoutMenu(token);
          return;
        }
        saveSession(token, userInfo);
        navigate('/', { replace: true });
      },
    });

  return (
    <div style={pageStyle}>
      {/* A plain card: antd Card and Typography would add their tabs, skeleton and ellipsis code. */}
      <div
        style={{
          ...cardStyle,
          background: design.colorBgContainer,
          color: design.colorText,
          fontFamily: design.fontFamily,
          border: `1px solid ${design.colorBorderSecondary}`,
          borderRadius: design.borderRadiusLG,
        }}
      >
        <h3 style={{ ...titleStyle, color: design.colorTextHeading }}>{t('auth.login.title')}</h3>
        <p style={{ ...subtitleStyle, color: design.colorTextSecondary }}>{t('auth.login.subtitle')}</p>
        {linkError ? (
          <Alert type="error" showIcon title={linkError} style={{ marginBottom: 16 }} data-testid="login-link-error" />
        ) : null}
        <Form<LoginRequest> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="uname" label={t('auth.login.uname')} rules={[required('validation.userNameRequired')]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.login.password')}
            rules={[required('validation.passwordRequired', { whitespace: false })]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item label={t('auth.login.language')}>
            <Segmented<Locale>
              block
              value={locale}
              onChange={setLocale}
              options={LOCALES.map((value) => ({ value, label: t(`common.locale.${value}`) }))}
            />
          </Form.Item>
          <GuardedButton type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth.login.submit')}
          </GuardedButton>
        </Form>
      </div>
    </div>
  );
}
