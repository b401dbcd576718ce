import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamListItem } from '@tidyhouse/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { invalidateTeams } from '../../api';
import { OutagesModal } from './OutagesModal';
import { TeamFormModal } from './TeamFormModal';

/** The team dialogs the board and the team list share: add / edit, outages, remove, activate. */
export function useTeamDialogs() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ team?: TeamListItem }>();
  const [outagesOf, setOutagesOf] = useState<TeamListItem>();
  const remove = useMutation({
    mutationFn: (team: TeamListItem) => post('/ygTeam/remove', { id: team.id, version: team.version }),
    onSuccess: (_data, team) => showSuccess(t('employees.team.removed', { name: team.name })),
    onSettled: () => invalidateTeams(queryClient),
  });
  const setActive = useMutation({
    mutationFn: ({ team, active }: { team: TeamListItem; active: boolean }) =>
      post('/ygTeam/updateState', { id: team.id, active }),
    onSuccess: (_data, { team, active }) =>
      showSuccess(t(active ? 'employees.team.activated' : 'employees.team.deactivated', { name: team.name })),
    onSettled: () => invalidateTeams(queryClient),
  });

  const dialogs: ReactNode = (
    <>
      {editing ? <TeamFormModal team={editing.team} onClose={() => setEditing(undefined)} /> : null}
      {outagesOf ? <OutagesModal team={outagesOf} onClose={() => setOutagesOf(undefined)} /> : null}
    </>
  );

  return {
    dialogs,
    add: () => setEditing({}),
    edit: (team: TeamListItem) => setEditing({ team }),
    outages: (team: TeamListItem) => setOutagesOf(team),
    /** For DeleteButton: a failure has shown its message (a team with members, a stale version). */
    remove: (team: TeamListItem) => remove.mutateAsync(team).catch(() => undefined),
    setActive: (team: TeamListItem, active: boolean) => setActive.mutate({ team, active }),
    settingActive: setActive.isPending,
  };
}
