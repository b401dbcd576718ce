import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { invalidateTeams } from '../../api';

export interface MoveRequest {
  userId: number;
  name: string;
  version: number;
  toTeamId: number | null;
  toTeamName: string;
}

/**
 * Moving a member (`/ygTeam/changeTeam`, with the version the board read) and choosing a leader.
 * After each, success or not, the board reloads: a refused stale move shows the server's message
 * and then the board as it now is.
 */
export function useTeamActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: ({ userId, version, toTeamId }: MoveRequest) => post('/ygTeam/changeTeam', { userId, toTeamId, version }),
    onSuccess: (moved, { name, toTeamName }) => {
      showSuccess(t('employees.board.moved', { name, team: toTeamName }));
      showCausedConflicts(moved);
    },
    onSettled: () => invalidateTeams(queryClient),
  });
  const setLeader = useMutation({
    mutationFn: ({ teamId, userId }: { teamId: number; userId: number; name: string }) =>
      post('/ygTeam/setLeader', { teamId, userId }),
    onSuccess: (_data, { name }) => showSuccess(t('employees.board.leaderSet', { name })),
    onSettled: () => invalidateTeams(queryClient),
  });
  return { move, setLeader };
}
