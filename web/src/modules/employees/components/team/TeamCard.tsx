import { CalendarOutlined, CarOutlined, EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TeamBoard, TeamMember } from '@tidyhouse/contract';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { IconAction } from '../IconAction';
import { DropZone } from './DropZone';
import type { DraggedMember } from './dragMember';
import { MemberChip } from './MemberChip';

export type BoardTeam = TeamBoard['teams'][number];

export interface TeamCardProps {
  team: BoardTeam;
  onEdit: (team: BoardTeam) => void;
  onOutages: (team: BoardTeam) => void;
  onRemove: (team: BoardTeam) => Promise<unknown>;
  onMove: (member: TeamMember, teamId: number | null) => void;
  onSetLeader: (team: BoardTeam, member: TeamMember) => void;
  onDropMember: (member: DraggedMember, toTeamId: number | null) => void;
}

/** A team on the board: its colours, vehicle, mobile, zone, leader and members; a drop target. */
export function TeamCard({ team, onEdit, onOutages, onRemove, onMove, onSetLeader, onDropMember }: TeamCardProps) {
  const { t } = useTranslation();
  const detail = (icon: ReactNode, text: string | null, label: string) =>
    text ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={label}>
        {icon} {text}
      </Typography.Text>
    ) : null;

  return (
    <DropZone teamId={team.id} label={team.name} onDropMember={onDropMember} testId={`team-${team.id}`} style={{ width: 300 }}>
      <Card
        size="small"
        styles={{ header: { background: team.color, color: team.textColor } }}
        title={
          <Flex align="center" gap={6}>
            <span data-testid="team-name">{team.name}</span>
            <Tag bordered={false}>{t('employees.board.memberCount', { count: team.memberCount })}</Tag>
            {team.outToday ? <Tag color="warning">{t('employees.board.outToday')}</Tag> : null}
          </Flex>
        }
        extra={
          <Flex gap={0}>
            <IconAction
              style={{ color: team.textColor }}
              icon={<EditOutlined />}
              label={t('employees.board.editTeamOf', { name: team.name })}
              onClick={() => onEdit(team)}
            />
            <IconAction
              style={{ color: team.textColor }}
              icon={<CalendarOutlined />}
              label={t('employees.board.outagesOf', { name: team.name })}
              onClick={() => onOutages(team)}
            />
            <DeleteButton iconOnly type="text" size="small" style={{ color: team.textColor }} onConfirm={() => onRemove(team)}>
              {t('employees.board.removeTeamOf', { name: team.name })}
            </DeleteButton>
          </Flex>
        }
      >
        <Flex vertical gap={4} style={{ marginBottom: 8 }}>
          {detail(<EnvironmentOutlined />, team.zoneName, t('employees.team.defaultZone'))}
          {detail(<CarOutlined />, team.vehicle, t('employees.team.vehicle'))}
          {detail(<PhoneOutlined />, team.mobile, t('employees.team.mobile'))}
        </Flex>
        <Flex vertical gap={6} style={{ minHeight: 48 }}>
          {team.members.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('employees.board.dropHere')} style={{ margin: 0 }} />
          ) : (
            team.members.map((member) => (
              <MemberChip
                key={member.userId}
                member={member}
                teamId={team.id}
                onMove={onMove}
                onSetLeader={(leader) => onSetLeader(team, leader)}
              />
            ))
          )}
        </Flex>
      </Card>
    </DropZone>
  );
}
