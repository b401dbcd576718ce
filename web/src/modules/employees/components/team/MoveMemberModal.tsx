import type { TeamMember } from '@tidyhouse/contract';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import type { BoardTeam } from './TeamCard';
import type { MoveRequest } from './useTeamActions';

/** "Unassigned" in the target select (a select value cannot be null). */
const UNASSIGNED = 0;

export interface MoveMemberModalProps {
  member: TeamMember;
  fromTeamId: number | null;
  teams: BoardTeam[];
  saving: boolean;
  onMove: (request: MoveRequest) => Promise<unknown>;
  onClose: () => void;
}

/** Moving a member by a form: choose the team (or Unassigned) they go to. */
export function MoveMemberModal({ member, fromTeamId, teams, saving, onMove, onClose }: MoveMemberModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ toTeamId?: number }>();
  const options = [
    ...teams.map((team) => ({ value: team.id, label: team.name, disabled: team.id === fromTeamId })),
    { value: UNASSIGNED, label: t('employees.board.unassignedOption'), disabled: fromTeamId === null },
  ];
  const submit = ({ toTeamId }: { toTeamId?: number }) => {
    const team = teams.find((candidate) => candidate.id === toTeamId);
    void onMove({
      userId: member.userId,
      name: member.name,
      version: member.version,
      toTeamId: team ? team.id : null,
      toTeamName: team ? team.name : t('employees.board.unassignedOption'),
    })
      // Refused (a stale move, an inactive team): the message is shown and the board reloads; start again from it.
      .then(onClose, onClose);
  };
  const from = teams.find((team) => team.id === fromTeamId);

  return (
    <ActionModal
      title={t('employees.board.moveTitle', { name: member.name })}
      okText={t('employees.board.move')}
      onOk={form.submit}
      onClose={onClose}
      saving={saving}
    >
      <Typography.Paragraph type="secondary">
        {t('employees.board.currentTeam', { team: from ? from.name : t('employees.board.unassignedOption') })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="toTeamId" label={t('employees.board.targetTeam')} rules={[required('validation.teamRequired')]}>
          <Select options={options} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
