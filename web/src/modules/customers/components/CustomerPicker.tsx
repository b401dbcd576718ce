import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerListItem, ListResponse } from '@tidyhouse/contract';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/http';

interface CustomerPickerProps extends Omit<SelectProps<number>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> {
  /** The chosen customer's name, to show before any search (editing an entry). */
  initialLabel?: string;
}

/** A customer select searched on the server (name, phone, e-mail, address, zip). */
export function CustomerPicker({ initialLabel, value, ...rest }: CustomerPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: ['customer', 'picker', keyword],
    queryFn: () =>
      post<ListResponse<CustomerListItem>>('/customer/queryList', { keyword: keyword || undefined, pageNum: 1, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.list ?? []).map((row) => ({
    value: row.id,
    label: [row.name, row.phone1, row.address1].filter(Boolean).join(' · '),
  }));
  if (value && initialLabel && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: initialLabel });
  }
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      options={options}
      loading={found.isFetching}
      placeholder={t('customers.picker.placeholder')}
      notFoundContent={t('customers.picker.none')}
      {...rest}
    />
  );
}
