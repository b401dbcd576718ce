import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /employee/employeelist/add: built by a later issue; until then it says what it will hold. */
export default function EmployeeAddPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/employee/employeelist/add')} description={t('employees.employeeAdd.coming')} />;
}
