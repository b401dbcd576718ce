import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type Costing,
  calculateJobCosting,
  JOB_EDITABLE_STATUSES,
  type JobDetail,
  type JobSaved,
  NUMBER_RANGES,
  type PricedItem,
} from '@tidyhouse/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberRange, ValidationMessage } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { useDuration, useMoney } from '../shared';
import { JOB_PATHS, useJobChanged } from './api';
import { costingInputOf, type LineValues, linesToRequest, lineToValues, pricedItemToValues } from './jobForm';

interface LinesForm {
  lines: LineValues[];
}

/**
 * Pricing lines with live costing: the contract's costing function runs on the lines as they are
 * being edited (the same one the server runs when they are saved). New lines come from the price
 * list as it stood on the job's pricing date (its service date).
 */
export function PricingTab({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const canEdit = useHasPermission('/service/workdeatil');
  const changed = useJobChanged();
  const [form] = Form.useForm<LinesForm>();
  const { job } = detail;
  const editable = canEdit && JOB_EDITABLE_STATUSES.includes(job.status);
  const [picking, setPicking] = useState<number | undefined>(undefined);
  // preserve: the rows' names and rates have no field of their own, and the costing needs them.
  const watched = Form.useWatch('lines', { form, preserve: true }) as LineValues[] | undefined;
  const lines = watched ?? detail.lines.map(lineToValues);
  const costing = calculateJobCosting(costingInputOf(lines, detail));

  const prices = useQuery({
    queryKey: ['servicePrice', 'priceOn', job.pricingDate],
    queryFn: () => post<PricedItem[]>('/servicePrice/priceOn', { date: job.pricingDate }),
    enabled: editable,
    staleTime: 60_000,
  });
  const nameOf = (line: { nameEn?: string; nameZh?: string }) => (locale === 'zh' ? line.nameZh : line.nameEn) ?? '';

  const save = useMutation({
    mutationFn: (values: LinesForm) =>
      post<JobSaved>(JOB_PATHS.saveLines, { id: job.id, version: job.version, lines: linesToRequest(values.lines ?? []) }),
    onSuccess: (saved) => {
      showSuccess(t('service.job.linesSaved'));
      showCausedConflicts(saved);
    },
    onSettled: changed,
  });

  const addPicked = (add: (value: LineValues) => void) => {
    const item = prices.data?.find((p) => p.id === picking);
    if (!item) return;
    add(pricedItemToValues(item));
    setPicking(undefined);
  };

  return (
    <Row gutter={24}>
      <Col xs={24} xl={16}>
        <Form<LinesForm>
          form={form}
          initialValues={{ lines: detail.lines.map(lineToValues) }}
          // The whole rows (ids, entries and rates have no field of their own), once the fields are valid.
          onFinish={() => save.mutate({ lines: form.getFieldValue('lines') ?? [] })}
          disabled={!editable}
          data-testid="pricing-form"
        >
          <Form.List name="lines">
            {(fields, { add, remove }) => {
              const columns: TableColumnsType<{ key: number; name: number }> = [
                {
                  key: 'item',
                  title: t('service.pricing.item'),
                  render: (_, field) => {
                    const line = lines[field.name];
                    return (
                      <Flex vertical>
                        <span>
                          {line ? nameOf(line) : ''} {line?.kind ? <Tag>{t(`service.enums.lineKind.${line.kind}`)}</Tag> : null}
                        </span>
                        {line?.rateEffectiveFrom ? (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('service.pricing.rateFrom', { date: line.rateEffectiveFrom })}
                          </Typography.Text>
                        ) : null}
                      </Flex>
                    );
                  },
                },
                {
                  key: 'quantity',
                  title: t('service.pricing.quantity'),
                  width: 110,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'quantity']}
                      rules={[numberRange(NUMBER_RANGES.jobLineQuantity, 'service.pricing.quantity')]}
                      style={{ marginBottom: 0 }}
                    >
                      {/* No min, max or precision: the rule refuses 0 or 2.5 instead of a silent change. */}
                      <InputNumber style={{ width: 80 }} aria-label={`${t('service.pricing.quantity')} ${field.name + 1}`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'minutes',
                  title: t('service.pricing.minutesEach'),
                  align: 'right',
                  render: (_, field) => lines[field.name]?.minutesEach ?? '',
                },
                {
                  key: 'unit',
                  title: t('service.pricing.unitPrice'),
                  align: 'right',
                  render: (_, field) => money(lines[field.name]?.unitPriceCents),
                },
                {
                  key: 'taxable',
                  title: t('service.pricing.taxable'),
                  render: (_, field) => (lines[field.name]?.taxable ? t('service.common.yes') : t('service.common.no')),
                },
                {
                  key: 'free',
                  title: t('service.pricing.free'),
                  render: (_, field) => (
                    <Flex vertical gap={4}>
                      <Form.Item name={[field.name, 'free']} valuePropName="checked" noStyle>
                        <Checkbox aria-label={`${t('service.pricing.free')} ${field.name + 1}`} />
                      </Form.Item>
                      {lines[field.name]?.free ? (
                        <Form.Item
                          name={[field.name, 'freeReason']}
                          style={{ marginBottom: 0 }}
                          rules={[
                            {
                              required: true,
                              whitespace: true,
                              message: <ValidationMessage messageKey="validation.freeReasonRequired" />,
                            },
                          ]}
                        >
                          <Input
                            size="small"
                            maxLength={200}
                            placeholder={t('service.pricing.freeReason')}
                            style={{ width: 160 }}
                          />
                        </Form.Item>
                      ) : null}
                    </Flex>
                  ),
                },
                {
                  key: 'amount',
                  title: t('service.pricing.amount'),
                  align: 'right',
                  render: (_, field) => (
                    <span data-testid={`line-amount-${field.name}`}>{money(costing.lineAmountsCents[field.name] ?? 0)}</span>
                  ),
                },
                {
                  key: 'remove',
                  width: 48,
                  render: (_, field) =>
                    editable ? (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('service.pricing.removeLine')}
                        onClick={() => remove(field.name)}
                      />
                    ) : null,
                },
              ];
              return (
                <Flex vertical gap={12}>
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="key"
                    columns={columns}
                    dataSource={fields.map((f) => ({ key: f.key, name: f.name }))}
                    locale={{ emptyText: t('service.pricing.noLines') }}
                    data-testid="pricing-lines"
                  />
                  {editable ? (
                    <Flex gap={8} wrap>
                      <Select<number>
                        style={{ width: 320 }}
                        value={picking}
                        onChange={setPicking}
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={prices.isPending}
                        placeholder={t('service.pricing.pick', { date: job.pricingDate })}
                        aria-label={t('service.pricing.pickLabel')}
                        data-testid="pricing-pick"
                        options={(['item', 'addon', 'fee'] as const).map((kind) => ({
                          label: t(`service.enums.lineKind.${kind}`),
                          options: (prices.data ?? [])
                            .filter((p) => p.kind === kind)
                            .map((p) => ({ value: p.id, label: nameOf(p) })),
                        }))}
                      />
                      <Button icon={<PlusOutlined />} disabled={picking === undefined} onClick={() => addPicked(add)}>
                        {t('service.pricing.addLine')}
                      </Button>
                    </Flex>
                  ) : null}
                </Flex>
              );
            }}
          </Form.List>
          {editable ? (
            <GuardedButton
              type="primary"
              style={{ marginTop: 16 }}
              loading={save.isPending}
              onClick={() => form.submit()}
              data-testid="pricing-save"
            >
              {t('service.pricing.save')}
            </GuardedButton>
          ) : null}
        </Form>
      </Col>
      <Col xs={24} xl={8}>
        <CostingCard costing={costing} salesTaxBps={job.costing.salesTaxBps} detail={detail} />
      </Col>
    </Row>
  );
}

/** The costing figures (spec §3 Job costing) of the lines on screen. */
function CostingCard({ costing, salesTaxBps, detail }: { costing: Costing; salesTaxBps: number; detail: JobDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const duration = useDuration();
  const missingRates = detail.labor.filter((m) => !m.hasRate);
  // Without the pay key the server leaves labor cost out (it would give the pay rates back).
  const laborHidden = detail.job.costing.projectedLaborCents === null;
  const hidden = (key: keyof Costing) => laborHidden && (key === 'projectedLaborCents' || key === 'profitLossCents');
  const row = (key: keyof Costing, label: string, strong = false) => ({
    key,
    label,
    children: (
      <Typography.Text
        strong={strong}
        data-testid={`costing-${key}`}
        type={!hidden(key) && key === 'profitLossCents' && costing.profitLossCents < 0 ? 'danger' : undefined}
      >
        {hidden(key) ? t('service.costing.payHidden') : money(costing[key] as number)}
      </Typography.Text>
    ),
  });
  return (
    <Card size="small" title={t('service.costing.title')} data-testid="costing">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'minutes', label: t('service.costing.lineMinutes'), children: duration(costing.lineMinutes) },
          row('revenueCents', t('service.costing.revenue')),
          row('discountsCents', t('service.costing.discounts')),
          row('subtotalCents', t('service.costing.subtotal')),
          row('taxesCents', t('service.costing.taxes', { rate: (salesTaxBps / 100).toFixed(2) })),
          row('invoiceTotalCents', t('service.costing.invoiceTotal'), true),
          row('projectedLaborCents', t('service.costing.projectedLabor')),
          row('profitLossCents', t('service.costing.profitLoss'), true),
        ]}
      />
      {missingRates.length > 0 && !laborHidden ? (
        <Alert
          type="warning"
          showIcon
          title={t('service.costing.missingRates', { names: missingRates.map((m) => m.name).join(', ') })}
        />
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('service.costing.liveHint')}
      </Typography.Text>
    </Card>
  );
}
