import { useQuery } from '@tanstack/react-query';
import type { EmployeeListItem, ListResponse } from '@tidyhouse/contract';
import { Flex, Select, Typography } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/http';
import { URLS } from '../api';
import { EmployeeAvatar } from './EmployeeAvatar';

/** Waits until typing pauses, so a search is not sent for every key. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface EmployeePickerProps {
  onPick: (id: number) => void;
  style?: CSSProperties;
}

/** A search select over the employee list (name, number, phone or user name). */
export function EmployeePicker({ onPick, style }: EmployeePickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim());
  const found = useQuery({
    queryKey: ['employees', 'picker', search],
    queryFn: () =>
      post<ListResponse<EmployeeListItem>>(URLS.employeeList, { keyword: search || undefined, pageNum: 1, pageSize: 20 }),
  });

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('employees.picker.placeholder')}
      aria-label={t('employees.picker.label')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : t('employees.picker.none')}
      style={{ width: 360, ...style }}
      onChange={onPick}
      data-testid="employee-picker"
      options={found.data?.list.map((employee) => ({
        value: employee.id,
        label: (
          <Flex gap={8} align="center">
            <EmployeeAvatar id={employee.id} name={employee.name} photoTag={employee.photoTag} size="small" />
            <span>{employee.name}</span>
            <Typography.Text type="secondary">
              {[employee.employeeNo, employee.uname, employee.roleName].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}
