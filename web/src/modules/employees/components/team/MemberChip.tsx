import { CrownFilled, CrownOutlined, HolderOutlined, SwapOutlined } from '@ant-design/icons';
import type { TeamMember } from '@tidyhouse/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmployeeAvatar } from '../EmployeeAvatar';
import { IconAction } from '../IconAction';
import { startMemberDrag } from './dragMember';

export interface MemberChipProps {
  member: TeamMember;
  /** The member's team; null in the Unassigned column. */
  teamId: number | null;
  onMove: (member: TeamMember, teamId: number | null) => void;
  onSetLeader?: (member: TeamMember) => void;
}

/** A member on the board: draggable to another team, with "move" and "set leader" actions. */
export function MemberChip({ member, teamId, onMove, onSetLeader }: MemberChipProps) {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      gap={8}
      draggable
      onDragStart={(event) =>
        startMemberDrag(event, { userId: member.userId, name: member.name, version: member.version, fromTeamId: teamId })
      }
      data-testid={`member-${member.userId}`}
      style={{
        padding: '4px 6px',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        background: '#fff',
        cursor: 'grab',
      }}
    >
      <HolderOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
      <EmployeeAvatar id={member.userId} name={member.name} photoTag={member.photoTag} size="small" />
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text ellipsis>
          {member.name}
          {member.isLeader ? (
            <Tooltip title={t('employees.team.leader')}>
              <CrownFilled style={{ color: '#faad14', marginInlineStart: 4 }} aria-label={t('employees.team.leader')} />
            </Tooltip>
          ) : null}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {member.roleName}
          {member.accountStatus === 'frozen' ? <Tag style={{ marginInlineStart: 4 }}>{t('employees.status.frozen')}</Tag> : null}
          {member.enabled ? null : <Tag style={{ marginInlineStart: 4 }}>{t('employees.status.disabled')}</Tag>}
        </Typography.Text>
      </Flex>
      {onSetLeader && !member.isLeader ? (
        <IconAction
          label={t('employees.board.setLeaderOf', { name: member.name })}
          icon={<CrownOutlined />}
          onClick={() => onSetLeader(member)}
        />
      ) : null}
      <IconAction
        label={t('employees.board.moveOf', { name: member.name })}
        icon={<SwapOutlined />}
        onClick={() => onMove(member, teamId)}
      />
    </Flex>
  );
}
