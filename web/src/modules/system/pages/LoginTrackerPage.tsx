import { ClearOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '@/lib/permissions';
import { ClearLogsModal } from '../components/ClearLogsModal';
import { LoginLogList } from '../components/LoginLogList';
import { OperationLogList } from '../components/OperationLogList';

/** /sys/logs: login attempts and the operation log; clearing old entries for those who hold `sys:logs:clear`. */
export default function LoginTrackerPage() {
  const { t } = useTranslation();
  const canClear = useHasPermission('sys:logs:clear');
  const [clearing, setClearing] = useState(false);

  return (
    <>
      <Tabs
        destroyOnHidden={false}
        tabBarExtraContent={
          canClear ? (
            <Button danger icon={<ClearOutlined />} onClick={() => setClearing(true)} data-testid="clear-logs">
              {t('system.logs.clear.open')}
            </Button>
          ) : null
        }
        items={[
          { key: 'login', label: t('system.logs.loginTab'), children: <LoginLogList /> },
          { key: 'operation', label: t('system.logs.operationTab'), children: <OperationLogList /> },
        ]}
      />
      {clearing ? <ClearLogsModal onClose={() => setClearing(false)} /> : null}
    </>
  );
}
