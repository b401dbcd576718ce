import { useMutation } from '@tanstack/react-query';
import type {
  CausedConflicts,
  PlanChangeApplied,
  PlanChangePreview,
  PlanChangeRequest,
  PlanDetail,
  PlanJobDiff,
} from '@tidyhouse/contract';
import { Alert, Button, Checkbox, Collapse, DatePicker, Empty, Form, List, Modal, Space, Statistic, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useDuration, useMoney } from '../shared';
import { PlanScheduleFields } from './PlanScheduleFields';
import { type PlanChangeValues, planToChangeForm, planToChangeRequest } from './planForm';

/**
 * "Change from a date": the new schedule is first previewed by the server (jobs to add, move,
 * re-price or cancel, and those kept as they are); only that preview can be applied. Editing the
 * form again throws the preview away.
 */
export function PlanChangeModal({
  plan,
  today,
  onClose,
  onApplied,
}: {
  plan: PlanDetail;
  today: string | undefined;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanChangeValues>();
  const [previewed, setPreviewed] = useState<{ request: PlanChangeRequest; preview: PlanChangePreview } | null>(null);

  const preview = useMutation({
    mutationFn: (request: PlanChangeRequest) =>
      post<PlanChangePreview>('/servicePlan/previewChange', request).then((result) => ({ request, preview: result })),
    onSuccess: setPreviewed,
  });
  const apply = useMutation({
    mutationFn: (request: PlanChangeRequest) => post<PlanChangeApplied>('/servicePlan/applyChange', request),
    onSuccess: (applied) => {
      showSuccess(t('service.plans.changeApplied'));
      showCausedConflicts(applied);
      onApplied();
      onClose();
    },
  });
  const askPreview = () =>
    void form
      .validateFields()
      .then((values) => preview.mutate(planToChangeRequest(values, plan)))
      .catch(() => undefined);

  return (
    <Modal
      open
      width={860}
      maskClosable={false}
      title={t('service.plans.changeTitle', { reference: plan.reference })}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>,
        <GuardedButton key="preview" loading={preview.isPending} onClick={askPreview} data-testid="plan-preview">
          {t('service.plans.preview')}
        </GuardedButton>,
        <GuardedButton
          key="apply"
          type="primary"
          disabled={previewed === null}
          loading={apply.isPending}
          onClick={() => previewed && apply.mutate(previewed.request)}
          data-testid="plan-apply"
        >
          {t('service.plans.apply')}
        </GuardedButton>,
      ]}
    >
      <Form<PlanChangeValues>
        form={form}
        layout="vertical"
        initialValues={planToChangeForm(plan, today ?? null)}
        onValuesChange={() => setPreviewed(null)}
      >
        <Form.Item
          name="fromDate"
          label={t('service.plans.fromDate')}
          extra={t('service.plans.fromDateHint')}
          rules={[required('validation.startDateRequired')]}
        >
          <DatePicker style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="newPattern" valuePropName="checked" extra={t('service.plans.newPatternHint')}>
          <Checkbox data-testid="plan-new-pattern">{t('service.plans.newPattern')}</Checkbox>
        </Form.Item>
        <PlanScheduleFields />
      </Form>
      {previewed ? (
        <PreviewView preview={previewed.preview} />
      ) : (
        <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('service.plans.previewFirst')} />
      )}
    </Modal>
  );
}

/** What applying will do to the plan's jobs. */
export function PreviewView({ preview }: { preview: PlanChangePreview }) {
  const { t } = useTranslation();
  const money = useMoney();
  // The schedule conflicts applying would cause (issue 20): it saves all the same, so the office sees them first.
  const conflicts = (preview as Partial<CausedConflicts>).conflicts ?? [];
  const section = <T,>(key: string, title: string, items: T[], render: (item: T) => ReactNode) => ({
    key,
    label: `${title} (${items.length})`,
    children: items.length ? (
      <List size="small" dataSource={items} renderItem={(item) => <List.Item>{render(item)}</List.Item>} />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    ),
  });
  return (
    <div data-testid="plan-preview-result" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">
        {t('service.plans.previewRange', { from: preview.fromDate, to: preview.horizonEnd })}
      </Typography.Text>
      <Space size={32} style={{ margin: '12px 0' }} wrap>
        <Statistic title={t('service.plans.previewAdd')} value={preview.add.length} />
        <Statistic title={t('service.plans.previewMove')} value={preview.move.length} />
        <Statistic title={t('service.plans.previewReprice')} value={preview.reprice.length} />
        <Statistic title={t('service.plans.previewCancel')} value={preview.cancel.length} />
        <Statistic title={t('service.plans.previewKept')} value={preview.kept.length} />
        <Statistic title={t('service.plans.previewUnchanged')} value={preview.unchanged} />
      </Space>
      {conflicts.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="plan-preview-conflicts"
          title={t('service.plans.previewConflicts', { count: conflicts.length })}
          description={
            <List size="small" dataSource={conflicts} renderItem={(c) => <List.Item key={c.key}>{c.message}</List.Item>} />
          }
        />
      ) : null}
      <Collapse
        size="small"
        items={[
          section('add', t('service.plans.previewAdd'), preview.add, (a) => `${a.date} · ${money(a.priceCents)}`),
          section('move', t('service.plans.previewMove'), preview.move, (m) => (
            <span data-testid={`plan-preview-move-${m.reference}`}>
              {m.reference}: {m.fromDate} → {m.toDate} <Diffs diffs={m.diffs} />
            </span>
          )),
          section('reprice', t('service.plans.previewReprice'), preview.reprice, (r) => (
            <span data-testid={`plan-preview-update-${r.reference}`}>
              {r.reference} {r.date}: <Diffs diffs={r.diffs} />
            </span>
          )),
          section('cancel', t('service.plans.previewCancel'), preview.cancel, (c) => `${c.reference} ${c.date}`),
          section('kept', t('service.plans.previewKept'), preview.kept, (k) => (
            <span>
              {k.reference} {k.date} <Tag>{t(`service.plans.keptReasons.${k.reason}`)}</Tag>
            </span>
          )),
        ]}
      />
    </div>
  );
}

/** Each value a job's update moves, from → to: "Time 09:00 → 10:00", "Team Sunshine → Team Coral", "Price $120.00 → $135.00". */
function Diffs({ diffs }: { diffs: PlanJobDiff[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const duration = useDuration();
  const text = (diff: PlanJobDiff, value: string | number | null) => {
    if (value === null) return t('service.plans.diff.none');
    if (diff.field === 'price') return money(value as number);
    if (diff.field === 'duration') return duration(value as number);
    return String(value);
  };
  return (
    <>
      {diffs.map((diff) => (
        <span key={diff.field} data-diff={diff.field} style={{ marginInlineEnd: 12 }}>
          <Tag>{t(`service.plans.diff.${diff.field}`)}</Tag>
          {text(diff, diff.from)} → {text(diff, diff.to)}
        </span>
      ))}
    </>
  );
}
