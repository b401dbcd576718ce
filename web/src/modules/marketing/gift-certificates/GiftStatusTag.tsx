import type { GiftCertificateStatus } from '@tidyhouse/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<GiftCertificateStatus, string> = { active: 'green', zero_balance: 'default', voided: 'red' };

export function GiftStatusTag({ status }: { status: GiftCertificateStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`marketing.gift.statuses.${status}`)}</Tag>;
}
