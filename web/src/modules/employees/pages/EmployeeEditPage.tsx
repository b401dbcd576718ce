import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /employee/employeelist/update: built by a later issue; until then it says what it will hold. */
export default function EmployeeEditPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/employee/employeelist/update')} description={t('employees.employeeEdit.coming')} />;
}
