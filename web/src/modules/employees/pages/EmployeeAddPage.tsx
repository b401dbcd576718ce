import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenTitle } from '@/lib/screens';
import { EmployeeTabs } from '../components/EmployeeTabs';
import { EMPLOYEE_LIST_PATH, editEmployeePath } from '../paths';

/** /employee/employeelist/add: the EmployeeInfo tab; once saved, the new employee's Edit Employee. */
export default function EmployeeAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      title={useScreenTitle('/employee/employeelist/add')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(EMPLOYEE_LIST_PATH)}>
          {t('employees.actions.backToList')}
        </Button>
      }
    >
      <EmployeeTabs onAdded={(id) => navigate(editEmployeePath(id), { replace: true })} />
    </Card>
  );
}
