import type { JobStatus } from '@tidyhouse/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<JobStatus, string> = {
  unscheduled: 'default',
  scheduled: 'processing',
  completed: 'success',
  uncompleted: 'warning',
  cancelled: 'error',
  closed: 'purple',
};

export function JobStatusTag({ status }: { status: JobStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="job-status">
      {t(`service.enums.jobStatus.${status}`)}
    </Tag>
  );
}
