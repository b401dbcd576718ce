import { PlusOutlined } from '@ant-design/icons';
import { PLAN_STATUSES, type PlanFrequency, type PlanListItem, type PlanStatus } from '@tidyhouse/contract';
import { Button, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CellText } from '@/components/CellText';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { FrequencyFilter, KeywordFilter, SelectFilter, TeamFilter } from '../filters';
import { useRecurrenceText } from '../recurrence';
import { ColorTag, useDuration, useMoney, useServiceOptions } from '../shared';
import { AddPlanModal, PLAN_LIST_URL } from './AddPlanModal';
import { PlanDrawer } from './PlanDrawer';
import { PlanStatusTag } from './PlanStatusTag';

interface Filters {
  keyword?: string;
  status?: PlanStatus;
  frequency?: PlanFrequency;
  teamId?: number;
}

export const planFilters = ({ keyword, ...rest }: Filters) => ({
  ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null)),
  ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
});

/** /service/planlist: recurring service plans; add one, open one (`?view=id`) to change, skip, move, pause or cancel. */
export default function PlanListPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/service/planlist');
  const money = useMoney();
  const duration = useDuration();
  const recurrence = useRecurrenceText();
  const _options = useServiceOptions();
  const canEdit = useHasPermission('/service/planlist');
  const [adding, setAdding] = useState(false);
  const [params, setParams] = useSearchParams();
  const viewing = Number(params.get('view')) || null;
  const view = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('view');
      else next.set('view', String(id));
      return next;
    });

  const columns: TableColumnsType<PlanListItem> = [
    {
      key: 'reference',
      title: t('service.plans.reference'),
      sorter: true,
      fixed: 'left',
      render: (_, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => view(row.id)} data-testid={`plan-open-${row.reference}`}>
          {row.reference}
        </Button>
      ),
    },
    {
      key: 'customer',
      title: t('service.jobs.customer'),
      render: (_, row) => (
        <CellText
          secondary={[row.customer.phone, [row.location.address1, row.location.city, row.location.zip].filter(Boolean).join(', ')]
            .filter(Boolean)
            .join(' · ')}
        >
          {row.customer.name}
        </CellText>
      ),
    },
    {
      key: 'frequency',
      title: t('service.plans.frequency'),
      render: (_, row) => <CellText max={150}>{recurrence(row.rrule)}</CellText>,
    },
    { key: 'startDate', dataIndex: 'startDate', title: t('service.plans.startDate'), sorter: true },
    {
      key: 'servicePriceCents',
      title: t('service.plans.servicePrice'),
      align: 'right',
      sorter: true,
      render: (_, row) => money(row.servicePriceCents),
    },
    { key: 'budget', title: t('service.plans.budgetMinutes'), align: 'right', render: (_, row) => duration(row.budgetMinutes) },
    {
      key: 'team',
      title: t('service.plans.preferredTeam'),
      render: (_, row) => (
        <CellText
          max={130}
          secondary={row.windowStart ? `${t('service.plans.window')}: ${row.windowStart}–${row.windowEnd ?? ''}` : null}
        >
          <ColorTag value={row.preferredTeam} />
        </CellText>
      ),
    },
    { key: 'nextVisit', title: t('service.plans.nextVisit'), render: (_, row) => row.nextVisit ?? '—' },
    { key: 'status', title: t('service.plans.status'), render: (_, row) => <PlanStatusTag status={row.status} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <ListPage<PlanListItem, Filters>
        url={PLAN_LIST_URL}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={planFilters}
        searchFields={
          <>
            <KeywordFilter label={t('service.plans.keyword')} width={280} />
            <SelectFilter
              name="status"
              label={t('service.plans.status')}
              anyText={t('service.jobs.anyStatus')}
              width={130}
              options={PLAN_STATUSES.map((s) => ({ value: s, label: t(`service.enums.planStatus.${s}`) }))}
            />
            <FrequencyFilter width={180} />
            <TeamFilter />
          </>
        }
        toolbar={
          canEdit ? (
            <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('service.plans.add')}
            </GuardedButton>
          ) : null
        }
      />
      {adding ? (
        <AddPlanModal
          onClose={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            view(id);
          }}
        />
      ) : null}
      <PlanDrawer id={viewing} onClose={() => view(null)} />
    </Flex>
  );
}
