import { useQuery } from '@tanstack/react-query';
import { PLAN_TRANSITIONS, type PlanDetail, type PlanVisit } from '@tidyhouse/contract';
import { Descriptions, Drawer, Flex, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { useHasPermission } from '@/lib/permissions';
import { ChangeLogList } from '../ChangeLog';
import { useJobChanged } from '../jobs/api';
import { jobDetailPath } from '../jobs/JobListPage';
import { useRecurrenceText } from '../recurrence';
import { ColorTag, useBusinessClock, useDuration, useInvalidate, useMoney } from '../shared';
import { PLAN_LIST_URL } from './AddPlanModal';
import { CancelPlanModal, MoveModal, NotesModal, PauseModal, ResumeModal, SkipModal } from './PlanActions';
import { PlanChangeModal } from './PlanChangeModal';
import { PlanStatusTag } from './PlanStatusTag';

export const planDetailKey = (id: number) => ['servicePlan', 'detail', id] as const;

type Dialog = { kind: 'change' | 'pause' | 'resume' | 'cancel' | 'notes' } | { kind: 'skip' | 'move'; visit: PlanVisit } | null;

/** One plan: its schedule, default lines, visits ahead (skip / move one), actions and change log. */
export function PlanDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: planDetailKey(id ?? 0),
    queryFn: () => post<PlanDetail>('/servicePlan/detail', { id }),
    enabled: id !== null,
  });
  const plan = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={900}
      destroyOnHidden
      title={plan ? `${plan.reference} · ${plan.customer.name}` : t('service.plans.detail')}
      data-testid="plan-drawer"
    >
      {detail.isError ? <LoadFailed onRetry={() => void detail.refetch()} /> : null}
      {plan && id !== null ? (
        <PlanView plan={plan} />
      ) : detail.isPending && id !== null ? (
        <Typography.Text type="secondary">{t('common.route.loading')}</Typography.Text>
      ) : null}
    </Drawer>
  );
}

function PlanView({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const duration = useDuration();
  const recurrence = useRecurrenceText();
  const today = useBusinessClock().data?.today;
  const canEdit = useHasPermission('/service/planlist');
  const invalidate = useInvalidate();
  const jobsChanged = useJobChanged();
  const [dialog, setDialog] = useState<Dialog>(null);
  const changed = () => {
    // The change log too: its tab stays mounted while the actions above it change the plan.
    invalidate([PLAN_LIST_URL, '/servicePlan/history'], [['servicePlan', 'detail']]);
    jobsChanged();
  };
  const can = (to: PlanDetail['status']) => canEdit && PLAN_TRANSITIONS[plan.status].includes(to);
  const close = () => setDialog(null);

  const visitColumns: TableColumnsType<PlanVisit> = [
    {
      key: 'date',
      title: t('service.plans.visitDate'),
      render: (_, v) => (
        <span>
          {v.date} {v.startTime ?? ''} {v.movedByHand ? <Tag color="orange">{t('service.job.movedByHand')}</Tag> : null}
          {v.occurrenceDate && v.occurrenceDate !== v.date ? (
            <Typography.Text type="secondary"> ({t('service.plans.insteadOf', { date: v.occurrenceDate })})</Typography.Text>
          ) : null}
        </span>
      ),
    },
    { key: 'job', title: t('service.jobs.reference'), render: (_, v) => <Link to={jobDetailPath(v.jobId)}>{v.reference}</Link> },
    {
      key: 'status',
      title: t('service.jobs.status'),
      render: (_, v) => t(`service.enums.jobStatus.${v.status as 'scheduled'}`, { defaultValue: v.status }),
    },
    { key: 'price', title: t('service.plans.servicePrice'), align: 'right', render: (_, v) => money(v.priceCents) },
    {
      key: 'actions',
      title: t('service.common.actions'),
      render: (_, v) =>
        canEdit && plan.status === 'used' && (v.status === 'unscheduled' || v.status === 'scheduled') ? (
          <Space>
            <GuardedButton size="small" onClick={() => setDialog({ kind: 'skip', visit: v })} data-testid={`skip-${v.date}`}>
              {t('service.plans.skip')}
            </GuardedButton>
            <GuardedButton size="small" onClick={() => setDialog({ kind: 'move', visit: v })} data-testid={`move-${v.date}`}>
              {t('service.plans.move')}
            </GuardedButton>
          </Space>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Space wrap>
        <PlanStatusTag status={plan.status} />
        <Typography.Text>{recurrence(plan.rrule)}</Typography.Text>
        {canEdit && plan.status !== 'cancelled' ? (
          <GuardedButton type="primary" onClick={() => setDialog({ kind: 'change' })} data-testid="plan-change">
            {t('service.plans.change')}
          </GuardedButton>
        ) : null}
        {can('not_used') ? (
          <GuardedButton onClick={() => setDialog({ kind: 'pause' })}>{t('service.plans.pause')}</GuardedButton>
        ) : null}
        {can('used') ? (
          <GuardedButton onClick={() => setDialog({ kind: 'resume' })}>{t('service.plans.resume')}</GuardedButton>
        ) : null}
        {can('cancelled') ? (
          <GuardedButton danger onClick={() => setDialog({ kind: 'cancel' })}>
            {t('service.plans.cancel')}
          </GuardedButton>
        ) : null}
        {canEdit ? (
          <GuardedButton onClick={() => setDialog({ kind: 'notes' })}>{t('service.plans.editNotes')}</GuardedButton>
        ) : null}
      </Space>
      <Tabs
        items={[
          {
            key: 'overview',
            label: t('service.plans.overview'),
            children: (
              <Flex vertical gap={16}>
                <Descriptions
                  size="small"
                  bordered
                  column={2}
                  items={[
                    {
                      key: 'customer',
                      label: t('service.jobs.customer'),
                      children: `${plan.customer.name} ${plan.customer.phone}`,
                    },
                    {
                      key: 'location',
                      label: t('service.job.location'),
                      children: `${plan.location.name} · ${plan.location.address1}, ${plan.location.city} ${plan.location.zip}`,
                    },
                    {
                      key: 'start',
                      label: t('service.plans.startDate'),
                      children: `${plan.startDate} → ${plan.endDate ?? t('service.tasks.noEnd')}`,
                    },
                    { key: 'pattern', label: t('service.plans.patternFrom'), children: plan.patternFrom },
                    {
                      key: 'price',
                      label: t('service.plans.servicePrice'),
                      children: <span data-testid="plan-price">{money(plan.servicePriceCents)}</span>,
                    },
                    { key: 'budget', label: t('service.plans.budgetMinutes'), children: duration(plan.budgetMinutes) },
                    {
                      key: 'duration',
                      label: t('service.plans.durationMinutes'),
                      children: plan.durationMinutes === null ? t('service.plans.asBudget') : duration(plan.durationMinutes),
                    },
                    { key: 'team', label: t('service.plans.preferredTeam'), children: <ColorTag value={plan.preferredTeam} /> },
                    {
                      key: 'window',
                      label: t('service.plans.window'),
                      children: plan.windowStart ? `${plan.windowStart}–${plan.windowEnd ?? ''}` : '—',
                    },
                    { key: 'generated', label: t('service.plans.generatedUntil'), children: plan.generatedUntil ?? '—' },
                    ...(plan.statusReason
                      ? [{ key: 'reason', label: t('service.job.reason'), children: plan.statusReason }]
                      : []),
                    { key: 'notes', label: t('service.plans.notes'), span: 2, children: plan.notes || '—' },
                  ]}
                />
                <Table
                  size="small"
                  rowKey="priceItemId"
                  pagination={false}
                  title={() => t('service.plans.lines')}
                  dataSource={plan.lines}
                  locale={{ emptyText: t('service.pricing.noLines') }}
                  columns={[
                    { key: 'name', title: t('service.pricing.item'), render: (_, l) => (locale === 'zh' ? l.nameZh : l.nameEn) },
                    { key: 'kind', title: t('service.job.tabs.job'), render: (_, l) => t(`service.enums.lineKind.${l.kind}`) },
                    { key: 'quantity', dataIndex: 'quantity', title: t('service.pricing.quantity') },
                  ]}
                />
              </Flex>
            ),
          },
          {
            key: 'visits',
            label: t('service.plans.visits', { count: plan.upcoming.length }),
            children: (
              <Table<PlanVisit>
                size="small"
                rowKey="jobId"
                columns={visitColumns}
                dataSource={plan.upcoming}
                pagination={{ pageSize: 12, hideOnSinglePage: true }}
                locale={{ emptyText: t('service.plans.noVisits') }}
                data-testid="plan-visits"
              />
            ),
          },
          {
            key: 'log',
            label: t('service.changeLog.title'),
            children: <ChangeLogList url="/servicePlan/history" recordId={plan.id} />,
          },
        ]}
      />
      {dialog?.kind === 'change' ? <PlanChangeModal plan={plan} today={today} onClose={close} onApplied={changed} /> : null}
      {dialog?.kind === 'pause' ? <PauseModal plan={plan} onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'resume' ? <ResumeModal plan={plan} onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'cancel' ? <CancelPlanModal plan={plan} onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'notes' ? <NotesModal plan={plan} onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'skip' ? <SkipModal plan={plan} visit={dialog.visit} onClose={close} onDone={changed} /> : null}
      {dialog?.kind === 'move' ? <MoveModal plan={plan} visit={dialog.visit} onClose={close} onDone={changed} /> : null}
    </Flex>
  );
}
