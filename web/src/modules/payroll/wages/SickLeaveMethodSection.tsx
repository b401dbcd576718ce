import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SICK_LEAVE_METHODS, type SickLeaveMethod, type SickLeaveSettings } from '@tidyhouse/contract';
import { Button, Flex, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { wageKeys } from './api';

const sickLeaveSettingsKey = [...wageKeys.all, 'sickLeave'] as const;

/**
 * The paid sick leave method of the payroll settings (issue 24): accrual of 1 hour per 30 worked, or
 * 40 hours front-loaded each year. Saved on its own (the payroll settings row's version: saving here
 * refreshes the form above).
 */
export function SickLeaveMethodSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: sickLeaveSettingsKey,
    queryFn: () => post<SickLeaveSettings>('/sickLeave/settings', {}),
  });
  const [chosen, setChosen] = useState<SickLeaveMethod>();
  const save = useMutation({
    mutationFn: (method: SickLeaveMethod) =>
      post<SickLeaveSettings>('/sickLeave/updateSettings', { method, version: settings.data!.version }),
    onSuccess: () => showSuccess(t('payroll.wages.sickLeave.saved')),
    onSettled: () => client.invalidateQueries({ queryKey: wageKeys.all }),
  });
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (settings.isError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  const method = chosen ?? settings.data.method;
  return (
    <Flex vertical gap={8} data-testid="sick-leave-method">
      <Radio.Group
        value={method}
        onChange={(event) => setChosen(event.target.value as SickLeaveMethod)}
        options={SICK_LEAVE_METHODS.map((m) => ({ value: m, label: t(`payroll.wages.sickLeave.methods.${m}`) }))}
      />
      <Typography.Text type="secondary">{t('payroll.wages.sickLeave.hint')}</Typography.Text>
      <Flex>
        <Button onClick={() => save.mutate(method)} loading={save.isPending} disabled={method === settings.data.method}>
          {t('payroll.wages.sickLeave.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
