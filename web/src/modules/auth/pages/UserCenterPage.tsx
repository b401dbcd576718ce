import { useQuery } from '@tanstack/react-query';
import type { MyProfile } from '@tidyhouse/contract';
import { Alert, Button, Card, Descriptions, type DescriptionsProps, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMomentFormat } from '@/lib/dateTime';
import { loadFailureText, post } from '@/lib/http';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/** /user/center: the user's own profile and a change-password form. */
export default function UserCenterPage() {
  const moment = useMomentFormat();
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: ['userCenter', 'profile'], queryFn: () => post<MyProfile>('/userCenter/profile') });
  const orNotSet = (value: string | null | undefined) => value || t('auth.userCenter.notSet');

  const items: DescriptionsProps['items'] = profile.data
    ? [
        { key: 'uname', label: t('auth.userCenter.uname'), children: profile.data.uname },
        { key: 'name', label: t('auth.userCenter.name'), children: profile.data.name },
        { key: 'role', label: t('auth.userCenter.role'), children: profile.data.roleName },
        { key: 'email', label: t('auth.userCenter.email'), children: orNotSet(profile.data.email) },
        { key: 'phone', label: t('auth.userCenter.phone'), children: orNotSet(profile.data.phone) },
        {
          key: 'lastLogin',
          label: t('auth.userCenter.lastLogin'),
          children: orNotSet(moment(profile.data.lastLoginAt)),
        },
      ]
    : [];

  return (
    <Flex vertical gap={16}>
      <Card title={t('auth.userCenter.profileTitle')} loading={profile.isPending && !profile.isError}>
        {profile.isError ? (
          <Alert
            type="error"
            showIcon
            title={loadFailureText(profile.error, t('auth.userCenter.loadFailed'))}
            action={
              <Button size="small" onClick={() => void profile.refetch()}>
                {t('common.actions.retry')}
              </Button>
            }
          />
        ) : (
          <Descriptions column={{ xs: 1, md: 2 }} items={items} data-testid="profile" />
        )}
      </Card>
      <Card title={t('auth.userCenter.changePasswordTitle')}>
        <ChangePasswordForm />
      </Card>
    </Flex>
  );
}
