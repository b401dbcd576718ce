import { CrownFilled, HolderOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { AssignedMember } from '@tidyhouse/contract';
import { Flex, Tag, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a dragged employee carries, and what a drop target is: a team, or the pool (null). */
export interface DraggedEmployee {
  userId: number;
  name: string;
  fromTeamId: number | null;
}
export interface DropTarget {
  teamId: number | null;
  label: string;
}

export const POOL_ID = 'pool';
export const teamDropId = (teamId: number) => `team-${teamId}`;

/** A place employees can be dropped (a team, the unassigned pool), outlined while one is over it. */
export function DropColumn({
  id,
  target,
  children,
  style,
  testId,
}: {
  id: string;
  target: DropTarget;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, data: target });
  return (
    <section
      ref={setNodeRef}
      aria-label={target.label}
      data-testid={testId}
      data-drop-over={isOver || undefined}
      style={{ ...style, outline: isOver ? '2px dashed #1677ff' : undefined, outlineOffset: 2, borderRadius: 8 }}
    >
      {children}
    </section>
  );
}

/** An employee of the day: draggable (pointer or keyboard) to a team or the pool. */
export function MemberCard({
  member,
  teamId,
  teamName,
}: {
  member: AssignedMember;
  teamId: number | null;
  /** Name of a team by id (for "usually in …"). */
  teamName: (id: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const data: DraggedEmployee = { userId: member.userId, name: member.name, fromTeamId: teamId };
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `member-${member.userId}`, data });
  const covering = teamId !== null && member.standingTeamId !== teamId;
  const usual = member.standingTeamId === null ? undefined : teamName(member.standingTeamId);
  return (
    <Flex
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      aria-label={t('service.assignments.dragHandle', { name: member.name })}
      align="center"
      gap={6}
      data-testid={`assign-member-${member.userId}`}
      style={{
        padding: '4px 8px',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        background: '#fff',
        cursor: 'grab',
        touchAction: 'none',
        transform: CSS.Translate.toString(transform),
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
      }}
    >
      <HolderOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text ellipsis>
          {member.name}
          {member.leader ? (
            <CrownFilled
              style={{ color: '#faad14', marginInlineStart: 4 }}
              aria-label={t('service.assignments.team.leader')}
              title={t('service.assignments.team.leader')}
            />
          ) : null}
        </Typography.Text>
        <Flex gap={4} wrap>
          {covering ? (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {usual ? t('service.assignments.team.cover', { team: usual }) : t('service.assignments.team.coverNoTeam')}
            </Tag>
          ) : null}
          {member.partLeave.map((leave) => (
            <Tag key={`${leave.startTime}-${leave.endTime}`} color="orange" style={{ marginInlineEnd: 0 }}>
              {t('service.assignments.team.partLeave', { from: leave.startTime, to: leave.endTime })}
            </Tag>
          ))}
        </Flex>
      </Flex>
    </Flex>
  );
}
