import { CalendarOutlined, EditOutlined } from '@ant-design/icons';
import type { TeamListItem } from '@tidyhouse/contract';
import { Form, Input, Select, Space, Switch, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { ListPage } from '@/components/ListPage';
import { URLS, useZoneOptions } from '../../api';
import { IconAction } from '../IconAction';
import { TeamTag } from '../StatusTags';
import type { useTeamDialogs } from './useTeamDialogs';

interface TeamFilters {
  keyword?: string;
  active?: 'yes' | 'no';
  zoneId?: number;
}

/** Every team, active or not (the board shows the active ones): search, activate, edit, remove. */
export function TeamListView({ dialogs }: { dialogs: ReturnType<typeof useTeamDialogs> }) {
  const { t } = useTranslation();
  const zones = useZoneOptions();

  const columns: TableColumnsType<TeamListItem> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('employees.team.name'),
      sorter: true,
      render: (_value, team) => <TeamTag name={team.name} color={team.color} textColor={team.textColor} />,
    },
    { key: 'zone', dataIndex: 'zoneName', title: t('employees.team.defaultZone') },
    { key: 'vehicle', dataIndex: 'vehicle', title: t('employees.team.vehicle') },
    { key: 'mobile', dataIndex: 'mobile', title: t('employees.team.mobile') },
    { key: 'memberCount', dataIndex: 'memberCount', title: t('employees.team.members') },
    { key: 'leader', dataIndex: 'leaderName', title: t('employees.team.leader') },
    {
      key: 'outToday',
      dataIndex: 'outToday',
      title: t('employees.board.outToday'),
      render: (out: boolean) => (out ? <Tag color="warning">{t('employees.board.outToday')}</Tag> : null),
    },
    {
      key: 'active',
      dataIndex: 'active',
      title: t('employees.team.active'),
      render: (active: boolean, team) => (
        <Switch
          size="small"
          checked={active}
          disabled={dialogs.settingActive}
          aria-label={t('employees.team.activeOf', { name: team.name })}
          onChange={(next) => dialogs.setActive(team, next)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      render: (_value, team) => (
        <Space size={0}>
          <IconAction
            label={t('employees.board.editTeamOf', { name: team.name })}
            icon={<EditOutlined />}
            onClick={() => dialogs.edit(team)}
          />
          <IconAction
            label={t('employees.board.outagesOf', { name: team.name })}
            icon={<CalendarOutlined />}
            onClick={() => dialogs.outages(team)}
          />
          <DeleteButton iconOnly type="text" size="small" onConfirm={() => dialogs.remove(team)}>
            {t('employees.board.removeTeamOf', { name: team.name })}
          </DeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <ListPage<TeamListItem, TeamFilters>
      url={URLS.teamList}
      rowKey="id"
      columns={columns}
      toRequest={({ active, ...filters }) => ({ ...filters, active: active === undefined ? undefined : active === 'yes' })}
      searchFields={
        <>
          <Form.Item name="keyword" label={t('employees.team.name')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="active" label={t('employees.team.active')}>
            <Select
              allowClear
              style={{ width: 100 }}
              options={[
                { value: 'yes', label: t('employees.common.yes') },
                { value: 'no', label: t('employees.common.no') },
              ]}
            />
          </Form.Item>
          <Form.Item name="zoneId" label={t('employees.team.defaultZone')}>
            <Select
              allowClear
              style={{ width: 200 }}
              loading={zones.isPending}
              options={zones.data?.map((zone) => ({ value: zone.id, label: zone.name }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
