import { WarningOutlined } from '@ant-design/icons';
import {
  type AttendanceDay,
  FIELD_JOB_EVENT_KINDS,
  FIELD_PUNCH_KINDS,
  type FieldJobEventKind,
  type FieldPunchKind,
} from '@tidyhouse/contract';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/lib/notify';
import { TIME_CARD_PATHS, useTimeCardWrite } from './api';

const FIELD_KINDS = new Set<string>([...FIELD_PUNCH_KINDS, ...FIELD_JOB_EVENT_KINDS]);

/**
 * Field app actions the office's own changes kept from applying (issue 21): listed for the office to look
 * at, until someone marks them resolved (the flag then leaves the card, the board and Job Completion).
 */
export function FieldConflicts({ day, employeeName }: { day: AttendanceDay; employeeName: string }) {
  const { t } = useTranslation();
  const resolve = useTimeCardWrite<{ userId: number; date: string }>(TIME_CARD_PATHS.resolveFieldConflicts);
  if (day.fieldConflicts.length === 0) return null;
  const resolveAll = async () => {
    await resolve.mutateAsync({ userId: day.userId, date: day.workDate });
    showSuccess(t('payroll.timeCard.fieldConflictsResolved'));
  };
  return (
    <Flex vertical gap={4} align="flex-start" style={{ marginBottom: 8 }}>
      <Flex vertical gap={4} data-testid="field-conflicts">
        {day.fieldConflicts.map((c) => (
          <Typography.Text key={`${c.kind}-${c.at}-${c.jobReference}`} type="danger">
            <WarningOutlined />{' '}
            {t('payroll.timeCard.fieldConflict', {
              kind: t(
                `payroll.timeCard.fieldKinds.${FIELD_KINDS.has(c.kind) ? (c.kind as FieldPunchKind | FieldJobEventKind) : 'other'}`,
              ),
              at: c.at,
              job: c.jobReference ? t('payroll.timeCard.fieldConflictJob', { reference: c.jobReference }) : '',
              message: c.message,
            })}
          </Typography.Text>
        ))}
      </Flex>
      <Popconfirm
        title={t('payroll.timeCard.resolveFieldConflictsConfirm', { name: employeeName, date: day.workDate })}
        onConfirm={() => resolveAll().catch(() => undefined)}
      >
        <Button size="small" loading={resolve.isPending} data-testid="resolve-field-conflicts">
          {t('payroll.timeCard.resolveFieldConflicts')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
