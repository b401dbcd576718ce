import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { AssignmentDay, AssignmentTeam } from '@tidyhouse/contract';
import { Card, Empty, Flex, List, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssignmentChange } from './api';
import { jumpBetweenTargets } from './keyboard';
import { type DraggedEmployee, DropColumn, type DropTarget, MemberCard, POOL_ID, teamDropId } from './parts';

const NO_LEADER = 0;
const COLUMN_WIDTH = 260;

/** Pointer drags land where the pointer is; keyboard drags (no pointer) where the item's box is. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

function TeamColumn({
  team,
  onChange,
  teamName,
}: {
  team: AssignmentTeam;
  onChange: (change: AssignmentChange) => void;
  teamName: (id: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const leader = team.members.find((m) => m.leader)?.userId ?? NO_LEADER;
  return (
    <DropColumn
      id={teamDropId(team.id)}
      target={{ teamId: team.id, label: team.name }}
      testId={`assign-team-${team.id}`}
      style={{ width: COLUMN_WIDTH }}
    >
      <Card
        size="small"
        styles={{ header: { background: team.color, color: team.textColor } }}
        title={
          <Flex align="center" gap={6}>
            <span data-testid="assign-team-name">{team.name}</span>
            <Tag bordered={false}>{t('service.assignments.team.members', { count: team.members.length })}</Tag>
          </Flex>
        }
      >
        {team.outReason ? (
          <Tag color="warning" style={{ marginBottom: 8, whiteSpace: 'normal' }}>
            {t('service.assignments.team.out', { reason: team.outReason })}
          </Tag>
        ) : null}
        {/* The label above, not a prefix inside: a prefix left the leader's name cut in a 260 px column. */}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('service.assignments.team.leader')}
        </Typography.Text>
        <Select
          size="small"
          style={{ width: '100%', marginBottom: 8 }}
          aria-label={t('service.assignments.team.leaderLabel', { team: team.name })}
          value={leader}
          disabled={team.members.length === 0}
          onChange={(userId: number) => onChange({ kind: 'leader', teamId: team.id, userId: userId || null })}
          options={[
            { value: NO_LEADER, label: t('service.assignments.team.noLeader') },
            ...team.members.map((m) => ({ value: m.userId, label: m.name })),
          ]}
        />
        <Flex vertical gap={6} style={{ minHeight: 56 }}>
          {team.members.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('service.assignments.team.noMembers')}
              style={{ margin: 0 }}
            />
          ) : (
            team.members.map((m) => <MemberCard key={m.userId} member={m} teamId={team.id} teamName={teamName} />)
          )}
        </Flex>
      </Card>
    </DropColumn>
  );
}

/** The day's teams as columns in their colours, the unassigned pool and those who cannot be assigned. */
export function AssignmentBoard({ day, onChange }: { day: AssignmentDay; onChange: (change: AssignmentChange) => void }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: jumpBetweenTargets }),
  );
  const teamName = (id: number) => day.teams.find((team) => team.id === id)?.name;
  const nameOf = (data: unknown) => (data as DraggedEmployee | undefined)?.name ?? '';
  const labelOf = (data: unknown) => (data as DropTarget | undefined)?.label ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('service.assignments.announce.start', { name: nameOf(active.data.current) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('service.assignments.announce.over', { name: nameOf(active.data.current), target: labelOf(over.data.current) })
        : t('service.assignments.announce.outside', { name: nameOf(active.data.current) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('service.assignments.announce.end', { name: nameOf(active.data.current), target: labelOf(over.data.current) })
        : t('service.assignments.announce.cancel', { name: nameOf(active.data.current) }),
    onDragCancel: ({ active }) => t('service.assignments.announce.cancel', { name: nameOf(active.data.current) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const dragged = active.data.current as DraggedEmployee | undefined;
    const target = over?.data.current as DropTarget | undefined;
    if (!dragged || !target || dragged.fromTeamId === target.teamId) return;
    onChange({ kind: 'move', userId: dragged.userId, teamId: target.teamId });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('service.assignments.help') } }}
    >
      <Flex gap={16} align="start" data-testid="assignment-board">
        <Flex vertical gap={16} style={{ width: COLUMN_WIDTH, flex: 'none' }}>
          <DropColumn id={POOL_ID} target={{ teamId: null, label: t('service.assignments.pool.title') }} testId="assign-pool">
            <Card size="small" title={t('service.assignments.pool.title')}>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                {t('service.assignments.pool.hint')}
              </Typography.Paragraph>
              <Flex vertical gap={6} style={{ minHeight: 56 }}>
                {day.unassigned.length === 0 ? (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t('service.assignments.pool.empty')}
                    style={{ margin: 0 }}
                  />
                ) : (
                  day.unassigned.map((m) => <MemberCard key={m.userId} member={m} teamId={null} teamName={teamName} />)
                )}
              </Flex>
            </Card>
          </DropColumn>
          <Card size="small" title={t('service.assignments.unavailable.title')} data-testid="assign-unavailable">
            <List
              size="small"
              dataSource={day.unavailable}
              locale={{ emptyText: t('service.assignments.unavailable.empty') }}
              renderItem={(person) => (
                <List.Item key={person.userId} style={{ paddingInline: 0 }}>
                  <Flex vertical>
                    <Typography.Text type="secondary">{person.name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`service.assignments.unavailable.${person.reason}`, { note: person.note })}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        </Flex>
        <Flex gap={16} wrap align="start" style={{ flex: 1 }}>
          {day.teams.length === 0 ? <Empty description={t('service.assignments.noTeams')} /> : null}
          {day.teams.map((team) => (
            <TeamColumn key={team.id} team={team} onChange={onChange} teamName={teamName} />
          ))}
        </Flex>
      </Flex>
    </DndContext>
  );
}
