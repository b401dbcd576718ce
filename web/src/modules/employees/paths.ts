/** The Edit Employee tabs; the `activeName` query parameter names the open one (spec §2). */
export const EMPLOYEE_TABS = ['EmployeeInfo', 'PayRate', 'Remarks', 'Leave', 'Skills'] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number];

export const EMPLOYEE_LIST_PATH = '/employee/employeelist';
export const ADD_EMPLOYEE_PATH = '/employee/employeelist/add';
export const EDIT_EMPLOYEE_PATH = '/employee/employeelist/update';

export function isEmployeeTab(value: string | null): value is EmployeeTab {
  return (EMPLOYEE_TABS as readonly (string | null)[]).includes(value);
}

export function editEmployeePath(id: number, tab: EmployeeTab = 'EmployeeInfo'): string {
  return `${EDIT_EMPLOYEE_PATH}?id=${id}&activeName=${tab}`;
}
