import { addDays } from '@tidyhouse/contract';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { LoadFailed } from '@/components/LoadFailed';
import { loadFailureText } from '@/lib/http';
import { useFlags } from './api';
import { flagText } from './format';

/** At most this many flags are listed in the warning (the count says how many there are). */
const FLAGS_SHOWN = 10;

/**
 * Days of the period not worked yet: the days after today (punches are refused for them, the server's
 * `timeCards.futureDay`) and today itself unless its office day is closed (its open punches are only
 * flagged once the day is over).
 */
export function daysNotWorked(period: { start: string; end: string }, today: string, closedToday: boolean): string[] {
  const days: string[] = [];
  for (let day = period.start; day <= period.end; day = addDays(day, 1)) {
    if (day > today || (day === today && !closedToday)) days.push(day);
  }
  return days;
}

export interface ApproveEmployeeModalProps {
  userId: number;
  name: string;
  period: { start: string; end: string };
  today: string;
  /** Today's office day is closed (from the cards shown), so today counts as worked. */
  closedToday: boolean;
  saving: boolean;
  onApprove: () => void;
  onClose: () => void;
}

/**
 * Confirms approving one employee's pay period, warning first of their open flags in it and of its
 * days not worked yet. Approving stays possible (the server decides; it locks the period's cards).
 */
export function ApproveEmployeeModal({
  userId,
  name,
  period,
  today,
  closedToday,
  saving,
  onApprove,
  onClose,
}: ApproveEmployeeModalProps) {
  const { t } = useTranslation();
  const flags = useFlags({ from: period.start, to: period.end, userId, pageNum: 1, pageSize: FLAGS_SHOWN });
  const notWorked = daysNotWorked(period, today, closedToday);
  const flagCount = flags.data?.total ?? 0;

  return (
    <ActionModal
      title={t('payroll.timeCard.approveEmployeeTitle', { name, start: period.start, end: period.end })}
      okText={t('payroll.timeCard.approve')}
      onOk={onApprove}
      onClose={onClose}
      saving={saving}
    >
      <Flex vertical gap={12} data-testid="approve-warnings">
        {flags.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : flags.isError ? (
          <LoadFailed
            title={loadFailureText(flags.error, t('payroll.timeCard.loadFailed'))}
            onRetry={() => void flags.refetch()}
          />
        ) : (
          flagCount > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="approve-open-flags"
              title={t('payroll.timeCard.approveOpenFlags', { count: flagCount, name })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {flags.data?.list.map((row) => (
                    <li key={`${row.workDate}-${row.flag.code}-${JSON.stringify(row.flag.params)}`}>
                      {`${row.workDate}: ${flagText(t, row.flag)}`}
                    </li>
                  ))}
                </ul>
              }
            />
          )
        )}
        {notWorked.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="approve-not-worked"
            title={t('payroll.timeCard.approveNotWorked', {
              count: notWorked.length,
              // Always a run of days up to the end of the period.
              dates: notWorked.length > 1 ? `${notWorked[0]} – ${notWorked[notWorked.length - 1]}` : notWorked[0],
            })}
          />
        )}
        {!flags.isPending && !flags.isError && flagCount === 0 && notWorked.length === 0 && (
          <Typography.Text data-testid="approve-all-clear">{t('payroll.timeCard.approveAllClear', { name })}</Typography.Text>
        )}
        <Typography.Text type="secondary">{t('payroll.timeCard.approveLocks', { name })}</Typography.Text>
      </Flex>
    </ActionModal>
  );
}
