import type { PlanStatus } from '@tidyhouse/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PlanStatus, string> = { used: 'success', not_used: 'warning', cancelled: 'default' };

export function PlanStatusTag({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="plan-status">
      {t(`service.enums.planStatus.${status}`)}
    </Tag>
  );
}
