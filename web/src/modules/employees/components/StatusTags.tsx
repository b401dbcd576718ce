import { CrownFilled } from '@ant-design/icons';
import type { AccountStatus, EmploymentStatus } from '@tidyhouse/contract';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export interface StatusTagsProps {
  status: EmploymentStatus;
  accountStatus: AccountStatus;
  enabled: boolean;
  terminatedOn?: string | null;
}

/** The three independent states of an employee: employment, account, enabled. */
export function StatusTags({ status, accountStatus, enabled, terminatedOn }: StatusTagsProps) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 4]} wrap data-testid="status-tags">
      {status === 'active' ? (
        <Tag color="success">{t('employees.status.active')}</Tag>
      ) : (
        <Tooltip title={terminatedOn ? t('employees.status.terminatedOn', { date: terminatedOn }) : undefined}>
          <Tag color="error">{t('employees.status.terminated')}</Tag>
        </Tooltip>
      )}
      {accountStatus === 'frozen' ? <Tag color="processing">{t('employees.status.frozen')}</Tag> : null}
      {enabled ? null : <Tag>{t('employees.status.disabled')}</Tag>}
    </Space>
  );
}

export interface TeamTagProps {
  name: string | null;
  color: string | null;
  textColor: string | null;
  isLeader?: boolean;
}

/** A team's name drawn in its colours, with a crown for its leader. */
export function TeamTag({ name, color, textColor, isLeader }: TeamTagProps) {
  const { t } = useTranslation();
  if (!name) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('employees.team.none')}</span>;
  return (
    <Tag style={{ background: color ?? undefined, color: textColor ?? undefined, borderColor: color ?? undefined }}>
      {name}
      {isLeader ? (
        <Tooltip title={t('employees.team.leader')}>
          <CrownFilled style={{ marginInlineStart: 4 }} aria-label={t('employees.team.leader')} />
        </Tooltip>
      ) : null}
    </Tag>
  );
}
