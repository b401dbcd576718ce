import type { TeamMember } from '@tidyhouse/contract';
import { Alert, Button, Empty, Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFailureText } from '@/lib/http';
import { useTeamBoard } from '../../api';
import type { DraggedMember } from './dragMember';
import { MoveMemberModal } from './MoveMemberModal';
import { type BoardTeam, TeamCard } from './TeamCard';
import { UnassignedColumn } from './UnassignedColumn';
import { useTeamActions } from './useTeamActions';
import type { useTeamDialogs } from './useTeamDialogs';

/** The Team Builder board: active teams with their members, and the unassigned active employees. */
export function TeamBoardView({ dialogs }: { dialogs: ReturnType<typeof useTeamDialogs> }) {
  const { t } = useTranslation();
  const board = useTeamBoard();
  const { move, setLeader } = useTeamActions();
  const [moving, setMoving] = useState<{ member: TeamMember; fromTeamId: number | null }>();

  if (board.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (board.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={loadFailureText(board.error, t('employees.board.loadFailed'))}
        action={
          <Button size="small" onClick={() => void board.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  }

  const { teams, unassigned } = board.data;
  const teamName = (id: number | null) => teams.find((team) => team.id === id)?.name ?? t('employees.board.unassignedOption');
  const drop = (member: DraggedMember, toTeamId: number | null) =>
    move.mutate({ userId: member.userId, name: member.name, version: member.version, toTeamId, toTeamName: teamName(toTeamId) });
  const onMove = (member: TeamMember, fromTeamId: number | null) => setMoving({ member, fromTeamId });
  const onSetLeader = (team: BoardTeam, member: TeamMember) =>
    setLeader.mutate({ teamId: team.id, userId: member.userId, name: member.name });

  return (
    <Spin spinning={board.isFetching || move.isPending}>
      <Flex gap={16} align="start" data-testid="team-board">
        <UnassignedColumn members={unassigned} onMove={onMove} onDropMember={drop} />
        <Flex gap={16} wrap align="start" style={{ flex: 1 }}>
          {teams.length === 0 ? <Empty description={t('employees.board.noTeams')} /> : null}
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              onEdit={dialogs.edit}
              onOutages={dialogs.outages}
              onRemove={dialogs.remove}
              onMove={onMove}
              onSetLeader={onSetLeader}
              onDropMember={drop}
            />
          ))}
        </Flex>
      </Flex>
      {moving ? (
        <MoveMemberModal
          member={moving.member}
          fromTeamId={moving.fromTeamId}
          teams={teams}
          saving={move.isPending}
          onMove={move.mutateAsync}
          onClose={() => setMoving(undefined)}
        />
      ) : null}
    </Spin>
  );
}
