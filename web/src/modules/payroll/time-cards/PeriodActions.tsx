import type { AttendanceResponse } from '@tidyhouse/contract';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { ApproveEmployeeModal } from './ApproveEmployeeModal';
import { TIME_CARD_PATHS, useTimeCardWrite } from './api';
import { ReasonModal } from './ReasonModal';

/**
 * Approve the pay period shown (locks its cards) or reopen it with a reason: each its own permission.
 * The week view acts on its one employee (`employee`): the button names them and the confirmation
 * warns of their open flags and of the days not worked yet; the day view acts on everyone.
 */
export function PeriodActions({
  data,
  date,
  employee,
}: {
  data: AttendanceResponse;
  date: string;
  employee?: { userId: number; name: string };
}) {
  const { t } = useTranslation();
  const canApprove = useHasPermission('employee:timecard:approve');
  const canReopen = useHasPermission('employee:timecard:reopen');
  const approve = useTimeCardWrite<unknown>(TIME_CARD_PATHS.approve);
  const reopen = useTimeCardWrite<unknown>(TIME_CARD_PATHS.reopen);
  const [reopening, setReopening] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { start, end } = data.period;
  const userIds = employee ? [employee.userId] : undefined;
  const approveNow = () =>
    approve.mutateAsync({ date, userIds }).then(
      () => {
        showSuccess(t('payroll.timeCard.approvedDone', { start, end }));
        setConfirming(false);
      },
      () => undefined,
    );
  const inPeriod = data.approvals.filter((a) => a.periodStart === start && (!userIds || userIds.includes(a.userId)));
  const approvedCount = inPeriod.filter((a) => a.status === 'approved').length;

  return (
    <Space wrap data-testid="period-actions">
      <Typography.Text>
        {t('payroll.timeCard.period', { start, end })}
        {approvedCount > 0 && ` · ${t('payroll.timeCard.periodApprovedCount', { count: approvedCount })}`}
      </Typography.Text>
      {canApprove && employee && (
        <Button type="primary" loading={approve.isPending} onClick={() => setConfirming(true)}>
          {t('payroll.timeCard.approveEmployee', { name: employee.name })}
        </Button>
      )}
      {confirming && employee && (
        <ApproveEmployeeModal
          userId={employee.userId}
          name={employee.name}
          period={data.period}
          today={data.today}
          closedToday={data.days.some((d) => d.workDate === data.today && d.dayClosed)}
          saving={approve.isPending}
          onApprove={() => void approveNow()}
          onClose={() => setConfirming(false)}
        />
      )}
      {canApprove && !employee && (
        <Popconfirm
          title={t('payroll.timeCard.approveConfirm', { start, end })}
          okText={t('payroll.timeCard.approve')}
          onConfirm={approveNow}
        >
          <Button type="primary" loading={approve.isPending}>
            {t('payroll.timeCard.approve')}
          </Button>
        </Popconfirm>
      )}
      {canReopen && approvedCount > 0 && <Button onClick={() => setReopening(true)}>{t('payroll.timeCard.reopen')}</Button>}
      {reopening && (
        <ReasonModal
          title={t('payroll.timeCard.reopenTitle', { start, end })}
          okText={t('payroll.timeCard.reopen')}
          saving={reopen.isPending}
          onClose={() => setReopening(false)}
          onSubmit={(reason) =>
            reopen.mutateAsync({ date, userIds, reason }).then(
              () => {
                showSuccess(t('payroll.timeCard.reopenedDone', { start, end }));
                setReopening(false);
              },
              () => undefined,
            )
          }
        />
      )}
    </Space>
  );
}
