import type { EmployeeDetail } from '@tidyhouse/contract';
import { Tabs, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '@/lib/permissions';
import { EMPLOYEE_TABS, type EmployeeTab, isEmployeeTab } from '../paths';
import { EmployeeInfoForm } from './EmployeeInfoForm';
import { LeaveTab } from './LeaveTab';
import { PayRateTab } from './PayRateTab';
import { RemarksTab } from './RemarksTab';
import { SkillsTab } from './SkillsTab';

export interface EmployeeTabsProps {
  /** The saved employee; on Add Employee there is none and only EmployeeInfo is open. */
  employee?: EmployeeDetail;
  onAdded?: (id: number) => void;
}

/** The tabs of Add and Edit Employee; `activeName` in the URL chooses the open one (spec §2). */
export function EmployeeTabs({ employee, onAdded }: EmployeeTabsProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canPay = useHasPermission('employee:pay:manage');
  // Pay rates need their own key (wages are sensitive): without it the tab is not offered.
  const tabs = EMPLOYEE_TABS.filter((tab) => tab !== 'PayRate' || canPay);
  const requested = params.get('activeName');
  const active: EmployeeTab = employee && isEmployeeTab(requested) && tabs.includes(requested) ? requested : 'EmployeeInfo';

  const select = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('activeName', key);
    setParams(next);
  };

  const content = (tab: EmployeeTab): ReactNode => {
    if (tab === 'EmployeeInfo') return <EmployeeInfoForm employee={employee} onAdded={onAdded} />;
    if (!employee) return null;
    if (tab === 'PayRate') return <PayRateTab employee={employee} />;
    if (tab === 'Remarks') return <RemarksTab employee={employee} />;
    if (tab === 'Leave') return <LeaveTab employee={employee} />;
    return <SkillsTab key={employee.skillIds.join()} employee={employee} />;
  };

  return (
    <Tabs
      activeKey={active}
      onChange={select}
      destroyOnHidden
      items={tabs.map((tab) => ({
        key: tab,
        disabled: !employee && tab !== 'EmployeeInfo',
        label:
          !employee && tab !== 'EmployeeInfo' ? (
            <Tooltip title={t('employees.tabs.saveFirst')}>{t(`employees.tabs.${tab}`)}</Tooltip>
          ) : (
            t(`employees.tabs.${tab}`)
          ),
        children: content(tab),
      }))}
    />
  );
}
