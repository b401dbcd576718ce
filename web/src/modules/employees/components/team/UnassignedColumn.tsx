import type { TeamMember } from '@tidyhouse/contract';
import { Card, Empty, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropZone } from './DropZone';
import type { DraggedMember } from './dragMember';
import { MemberChip } from './MemberChip';

export interface UnassignedColumnProps {
  members: TeamMember[];
  onMove: (member: TeamMember, teamId: number | null) => void;
  onDropMember: (member: DraggedMember, toTeamId: number | null) => void;
}

/** Active employees in no team (every role; the column filters by role and name). */
export function UnassignedColumn({ members, onMove, onDropMember }: UnassignedColumnProps) {
  const { t } = useTranslation();
  // The roles among them (the board names each member's role): no role list call, which the Team
  // Builder's users (schedulers) may not be allowed to make.
  const roles = [...new Map(members.map((member) => [member.roleCode, member.roleName])).entries()];
  const [roleCode, setRoleCode] = useState<string>();
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const shown = members.filter(
    (member) =>
      (!roleCode || member.roleCode === roleCode) &&
      (!needle || member.name.toLowerCase().includes(needle) || member.uname.toLowerCase().includes(needle)),
  );

  return (
    <DropZone
      teamId={null}
      label={t('employees.board.unassignedOption')}
      onDropMember={onDropMember}
      testId="team-unassigned"
      style={{ width: 300, flex: 'none' }}
    >
      <Card size="small" title={t('employees.board.unassigned', { count: members.length })}>
        <Flex vertical gap={8} style={{ marginBottom: 8 }}>
          <Select
            allowClear
            placeholder={t('employees.board.roleFilter')}
            aria-label={t('employees.board.roleFilter')}
            value={roleCode}
            onChange={setRoleCode}
            options={roles.map(([value, label]) => ({ value, label }))}
          />
          <Input
            allowClear
            placeholder={t('employees.board.nameFilter')}
            aria-label={t('employees.board.nameFilter')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Flex>
        <Flex vertical gap={6} style={{ minHeight: 48, maxHeight: 640, overflowY: 'auto' }}>
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('employees.board.noneUnassigned')} style={{ margin: 0 }} />
          ) : (
            shown.map((member) => <MemberChip key={member.userId} member={member} teamId={null} onMove={onMove} />)
          )}
        </Flex>
      </Card>
    </DropZone>
  );
}
