import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loadFailureText } from '@/lib/http';
import { useScreenTitle } from '@/lib/screens';
import { useEmployeeDetail } from '../api';
import { EmployeeAvatar } from '../components/EmployeeAvatar';
import { EmployeePicker } from '../components/EmployeePicker';
import { EmployeeTabs } from '../components/EmployeeTabs';
import { StatusTags, TeamTag } from '../components/StatusTags';
import { EMPLOYEE_LIST_PATH, editEmployeePath } from '../paths';

/** The `id` query parameter as an employee id, or undefined. */
function idOf(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /employee/employeelist/update?id=&activeName=: the employee's tabs. Reached from the menu without
 * an id, it asks whom to edit first.
 */
export default function EmployeeEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const detail = useEmployeeDetail(id);
  const title = useScreenTitle('/employee/employeelist/update');
  const pick = (picked: number) => navigate(editEmployeePath(picked, 'EmployeeInfo'));
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(EMPLOYEE_LIST_PATH)}>
      {t('employees.actions.backToList')}
    </Button>
  );

  if (id === undefined) {
    return (
      <Card title={title} extra={back}>
        <Flex vertical gap={12} align="start">
          <Typography.Text>{t('employees.picker.intro')}</Typography.Text>
          <EmployeePicker onPick={pick} />
        </Flex>
      </Card>
    );
  }

  if (detail.isError) {
    return (
      <Card title={title} extra={back}>
        <Flex vertical gap={16} align="start">
          <Alert
            type="error"
            showIcon
            title={loadFailureText(detail.error, t('employees.edit.loadFailed'))}
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('common.actions.retry')}
              </Button>
            }
          />
          <Typography.Text>{t('employees.picker.intro')}</Typography.Text>
          <EmployeePicker onPick={pick} />
        </Flex>
      </Card>
    );
  }

  const employee = detail.data;
  return (
    <Card
      title={
        employee ? (
          <Flex gap={12} align="center" wrap>
            <EmployeeAvatar id={employee.id} name={employee.name} photoTag={employee.photoTag} />
            <span data-testid="employee-title">
              {title}: {employee.name}
            </span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {[employee.employeeNo, employee.uname, employee.roleName].filter(Boolean).join(' · ')}
            </Typography.Text>
            <TeamTag
              name={employee.teamName}
              color={employee.teamColor}
              textColor={employee.teamTextColor}
              isLeader={employee.isLeader}
            />
            <StatusTags
              status={employee.status}
              accountStatus={employee.accountStatus}
              enabled={employee.enabled}
              terminatedOn={employee.terminatedOn}
            />
          </Flex>
        ) : (
          title
        )
      }
      extra={back}
    >
      {employee ? <EmployeeTabs key={employee.id} employee={employee} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </Card>
  );
}
