import type { QuoteStatus } from '@tidyhouse/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<QuoteStatus, string> = { pending: 'processing', sold: 'success', not_sold: 'default' };

export function StatusTag({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`sales.enums.status.${status}`)}</Tag>;
}
