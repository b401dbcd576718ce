import { CarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail, NotifyOnTheWayResult } from '@tidyhouse/contract';
import { App, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { useBusinessDate } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { jobDetailKey } from '../jobs/api';

/**
 * "On our way" from the board's job drawer (issue 22): the office tells the customer the team is
 * coming, when the field app's check-out did not. Only for a job scheduled today; the server sends it
 * once per job and day, and says when nothing went out.
 */
export function OnTheWayButton({ job }: { job: JobDetail['job'] }) {
  const { t } = useTranslation();
  const today = useBusinessDate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const notify = useMutation({
    mutationFn: () => post<NotifyOnTheWayResult>('/jhSchedule/notifyOnTheWay', { id: job.id }),
    onSuccess: (result) => {
      if (result.queued > 0) void message.success(t('common.messageLog.onTheWaySent', { count: result.queued }));
      else void message.info(t('common.messageLog.onTheWayNone'));
      // The job's messages list the new ones.
      void queryClient.invalidateQueries({ queryKey: jobDetailKey(job.id) });
    },
  });
  if (job.status !== 'scheduled' || job.serviceDate !== today) return null;
  return (
    <Tooltip title={t('common.messageLog.onTheWayHint')}>
      <GuardedButton icon={<CarOutlined />} loading={notify.isPending} onClick={() => notify.mutate()} data-testid="on-the-way">
        {t('common.messageLog.onTheWay')}
      </GuardedButton>
    </Tooltip>
  );
}
