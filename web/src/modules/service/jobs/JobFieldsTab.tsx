import {
  JOB_DISCOUNT_OVERRIDE_KEY,
  JOB_EDITABLE_STATUSES,
  type Job,
  type JobDetail,
  type JobSaved,
  NUMBER_RANGES,
} from '@tidyhouse/contract';
import { Alert, Button, Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Spin, Switch, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';
import { useHasPermission } from '@/lib/permissions';
import { refOptions, useMoney, useServiceOptions } from '../shared';
import { JOB_PATHS, jobDetailKey } from './api';
import { type JobFormValues, jobToForm, jobToModifyRequest } from './jobForm';

/** The job's own fields (spec §3 Job), editable while its status allows; the server recomputes the costing on save. */
export function JobFieldsTab({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const options = useServiceOptions();
  const canEdit = useHasPermission('/service/workdeatil');
  const mayExceedCap = useHasPermission(JOB_DISCOUNT_OVERRIDE_KEY);
  const money = useMoney();
  const id = detail.job.id;
  const editable = canEdit && JOB_EDITABLE_STATUSES.includes(detail.job.status);
  const recordForm = useRecordForm<JobFormValues, Job, JobSaved>({
    load: {
      queryKey: ['job', 'form', id, detail.job.version],
      queryFn: () => post<JobDetail>(JOB_PATHS.detail, { id }).then((fresh) => fresh.job),
      toValues: jobToForm,
    },
    submit: (values, record) =>
      post<JobSaved>(JOB_PATHS.modify, jobToModifyRequest(values, record ?? detail.job)).then((saved) => {
        showCausedConflicts(saved);
        return saved;
      }),
    invalidates: [jobDetailKey(id), listQueryKey(JOB_PATHS.list)],
    reloadAfterSave: false,
    savedMessage: t('service.job.saved'),
  });
  const { form, loading, loadFailed, retry, saving, onFinish } = recordForm;
  const teams = refOptions(options.data?.teams);
  // A typed code is valued by its campaign on the server; a refused one comes back under the field.
  const typedCode = ((Form.useWatch('couponCode', form) as string | undefined) ?? '').trim();
  const job = detail.job;
  const couponHint =
    typedCode === ''
      ? t('service.job.couponCodeHint')
      : typedCode.toLowerCase() === job.couponCode.toLowerCase()
        ? t('service.job.couponApplied', { amount: money(job.couponCents) })
        : t('service.job.couponFromCode');
  const cap = {
    max: money(job.maxDiscountCents),
    percent: `${(job.maxDiscountBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`,
    price: money(job.costing.revenueCents),
  };
  const half = { xs: 24, md: 12, xl: 8 };

  return (
    <Spin spinning={loading}>
      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          title={t('common.form.loadFailed')}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={retry}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : null}
      {!JOB_EDITABLE_STATUSES.includes(detail.job.status) ? (
        <Alert type="info" showIcon title={t('service.job.notEditable')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<JobFormValues>
        form={form}
        name="job"
        layout="vertical"
        onFinish={onFinish}
        disabled={!editable || loadFailed}
        data-testid="job-form"
        // The version the fields were filled from: after a save the tab is remade for the new version.
        data-version={recordForm.record?.version}
      >
        <Divider titlePlacement="start">{t('service.job.sections.visit')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="serviceDate" label={t('service.job.serviceDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="startTime" label={t('service.job.startTime')} extra={t('service.common.localTime')}>
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="durationMinutes"
              label={t('service.job.durationMinutes')}
              extra={t('service.job.durationHint')}
              rules={[numberRange(NUMBER_RANGES.jobDurationMinutes, 'service.job.durationMinutes')]}
            >
              {/* No min, max or precision: InputNumber would clamp or round silently; the rule refuses instead. */}
              <InputNumber step={15} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="teamId" label={t('service.jobs.team')} extra={t('service.job.teamHint')}>
              <Select allowClear options={teams} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="preferredTeamId" label={t('service.job.preferredTeam')}>
              <Select allowClear options={teams} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label={t('service.job.window')} extra={t('service.common.localTime')}>
              <Row gutter={8}>
                <Col span={12}>
                  <Form.Item name="windowStart" noStyle>
                    <TimePicker
                      format="HH:mm"
                      minuteStep={15}
                      needConfirm={false}
                      style={{ width: '100%' }}
                      aria-label={t('service.job.windowStart')}
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="windowEnd" noStyle>
                    <TimePicker
                      format="HH:mm"
                      minuteStep={15}
                      needConfirm={false}
                      style={{ width: '100%' }}
                      aria-label={t('service.job.windowEnd')}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="assigneeId" label={t('service.job.assignee')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={refOptions(options.data?.employees)} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="drivingMiles"
              label={t('service.job.drivingMiles')}
              rules={[numberRange(NUMBER_RANGES.jobDrivingTenthMiles, 'service.job.drivingMiles')]}
            >
              <InputNumber step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="customerAtHome" label={t('service.job.customerAtHome')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('service.job.sections.price')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="pricePerMinute"
              label={t('service.job.pricePerMinute')}
              extra={t('service.job.pricePerMinuteHint')}
              rules={[numberRange(NUMBER_RANGES.jobPricePerMinuteCents, 'service.job.pricePerMinute')]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="flatRate"
              label={t('service.job.flatRate')}
              extra={t('service.job.flatRateHint')}
              rules={[numberRange(NUMBER_RANGES.jobAmountCents, 'service.job.flatRate')]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="couponCode" label={t('service.job.couponCode')} extra={couponHint}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="coupon"
              label={t('service.job.coupon')}
              extra={typedCode === '' ? undefined : t('service.job.couponFromCode')}
              rules={[numberRange(NUMBER_RANGES.jobAmountCents, 'service.job.coupon')]}
            >
              <DecimalInput prefix="$" disabled={typedCode !== ''} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="discount"
              label={t('service.job.discount')}
              extra={t(mayExceedCap ? 'service.job.discountCapOverride' : 'service.job.discountCap', cap)}
              rules={[numberRange(NUMBER_RANGES.jobAmountCents, 'service.job.discount')]}
            >
              <DecimalInput prefix="$" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="notes" label={t('service.job.notes')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        {editable ? (
          <GuardedButton
            type="primary"
            loading={saving}
            disabled={loading || loadFailed}
            onClick={() => form.submit()}
            data-testid="job-save"
          >
            {t('common.actions.save')}
          </GuardedButton>
        ) : null}
      </Form>
    </Spin>
  );
}
