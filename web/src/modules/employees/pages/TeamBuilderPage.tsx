import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { useScreenTitle } from '@/lib/screens';
import { invalidateTeams } from '../api';
import { TeamBoardView } from '../components/team/TeamBoardView';
import { TeamListView } from '../components/team/TeamListView';
import { useTeamDialogs } from '../components/team/useTeamDialogs';

/** /employee/teambuilding: the board of teams and members (drag and drop or a form), and every team. */
export default function TeamBuilderPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialogs = useTeamDialogs();

  return (
    <Card
      title={useScreenTitle('/employee/teambuilding')}
      extra={
        <Flex gap={8}>
          <GuardedButton icon={<ReloadOutlined />} onClick={() => void invalidateTeams(queryClient)}>
            {t('common.actions.reload')}
          </GuardedButton>
          <GuardedButton type="primary" icon={<PlusOutlined />} onClick={dialogs.add}>
            {t('employees.team.add')}
          </GuardedButton>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('employees.board.intro')}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'board', label: t('employees.board.tab'), children: <TeamBoardView dialogs={dialogs} /> },
          { key: 'teams', label: t('employees.team.tab'), children: <TeamListView dialogs={dialogs} /> },
        ]}
      />
      {dialogs.dialogs}
    </Card>
  );
}
