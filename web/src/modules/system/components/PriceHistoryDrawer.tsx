import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  centsToDecimalText,
  formatCents,
  PRICE_ITEM_KIND_TITLES,
  type PriceItemDetail,
  type PriceRate,
  type PriceRateAddRequest,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '@/components/DeleteButton';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { beforeToday, PRICE_LIST_URL, priceDetailKey, RateFields } from './PriceItemModal';
import { useBusinessToday, useLocalName, useMomentText, useTitle } from './shared';

type RateEntry = PriceItemDetail['rates'][number];

const STATUS_COLORS: Record<RateEntry['status'], string> = { past: 'default', current: 'green', scheduled: 'blue' };

interface RateValues {
  effectiveFrom: Dayjs;
  inHomeMinutes: number;
  unitPrice: string;
}

/** "12 min · $30.00" for a rate, or "—". */
export function useRateText(): (rate: PriceRate | null) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (rate) =>
    rate ? t('system.prices.rateText', { minutes: rate.inHomeMinutes, price: formatCents(rate.unitPriceCents, locale) }) : '—';
}

/** The rate history of an entry (past, current, scheduled, who entered each and when) and a change of price from a date. */
export function PriceHistoryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = useTitle();
  const localName = useLocalName();
  const rateText = useRateText();
  const today = useBusinessToday();
  const momentText = useMomentText();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<RateValues>();

  const detail = useQuery({ queryKey: priceDetailKey(id), queryFn: () => post<PriceItemDetail>('/servicePrice/detail', { id }) });
  const refresh = async (fresh: PriceItemDetail) => {
    queryClient.setQueryData(priceDetailKey(id), fresh);
    await queryClient.invalidateQueries({ queryKey: listQueryKey(PRICE_LIST_URL) });
  };

  const addRate = useMutation({
    mutationFn: (values: RateValues) =>
      post<PriceItemDetail>('/servicePrice/addRate', {
        id,
        effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD'),
        inHomeMinutes: values.inHomeMinutes,
        unitPriceCents: parseMoneyToCents(values.unitPrice) ?? 0,
      } satisfies PriceRateAddRequest),
    onSuccess: async (fresh) => {
      showSuccess(t('system.prices.rateSaved'));
      form.resetFields(['effectiveFrom']);
      await refresh(fresh);
    },
  });

  const removeRate = useMutation({
    mutationFn: (rateId: number) => post<PriceItemDetail>('/servicePrice/removeRate', { id, rateId }),
    onSuccess: async (fresh) => {
      showSuccess(t('system.prices.rateRemoved'));
      await refresh(fresh);
    },
  });

  const item = detail.data;
  const columns: TableColumnsType<RateEntry> = [
    { title: t('system.prices.effectiveFrom'), dataIndex: 'effectiveFrom', key: 'effectiveFrom' },
    { title: t('system.prices.minutes'), dataIndex: 'inHomeMinutes', key: 'inHomeMinutes', align: 'right' },
    {
      title: t('system.prices.unitPrice'),
      key: 'unitPrice',
      align: 'right',
      render: (_, rate) => formatCents(rate.unitPriceCents, locale),
    },
    {
      title: t('system.prices.status'),
      key: 'status',
      render: (_, rate) => <Tag color={STATUS_COLORS[rate.status]}>{t(`system.prices.statuses.${rate.status}`)}</Tag>,
    },
    {
      title: t('system.prices.enteredBy'),
      key: 'enteredBy',
      render: (_, rate) => (
        <>
          {rate.createdByName ?? t('system.prices.system')}
          <br />
          <span style={{ opacity: 0.65 }}>{momentText(rate.createdAt, 'minutes')}</span>
        </>
      ),
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      render: (_, rate) =>
        rate.status === 'scheduled' ? (
          <GuardedButton type="link" danger onClick={() => confirmDelete(() => removeRate.mutateAsync(rate.id))}>
            {t('system.prices.cancelRate')}
          </GuardedButton>
        ) : null,
    },
  ];

  return (
    <Drawer
      open
      size={760}
      title={item ? t('system.prices.historyOf', { name: localName(item) }) : t('system.prices.history')}
      onClose={onClose}
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('common.form.loadFailed')}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : !item ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={2}
            data-testid="price-summary"
            items={[
              { key: 'kind', label: t('system.prices.kind'), children: title(PRICE_ITEM_KIND_TITLES[item.kind]) },
              { key: 'names', label: t('system.common.name'), children: `${item.nameEn} / ${item.nameZh}` },
              { key: 'current', label: t('system.prices.current'), children: rateText(item.current) },
              {
                key: 'next',
                label: t('system.prices.next'),
                children: item.next
                  ? t('system.prices.nextText', { date: item.next.effectiveFrom, rate: rateText(item.next) })
                  : '—',
              },
            ]}
          />
          <Card size="small" title={t('system.prices.changeTitle')} data-testid="change-price">
            <Form<RateValues>
              form={form}
              layout="vertical"
              onFinish={(values) => addRate.mutate(values)}
              initialValues={{
                inHomeMinutes: item.current?.inHomeMinutes ?? 0,
                unitPrice: item.current ? centsToDecimalText(item.current.unitPriceCents) : '',
              }}
            >
              <Form.Item
                name="effectiveFrom"
                label={t('system.prices.effectiveFrom')}
                extra={t('system.prices.effectiveHelp')}
                rules={[required('validation.effectiveDateRequired', { whitespace: false })]}
              >
                <DatePicker disabledDate={beforeToday(today)} style={{ width: 220 }} />
              </Form.Item>
              <RateFields />
              <GuardedButton type="primary" htmlType="submit" loading={addRate.isPending}>
                {t('system.prices.changeSubmit')}
              </GuardedButton>
            </Form>
          </Card>
          <Table<RateEntry>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={item.rates}
            pagination={false}
            data-testid="rate-history"
            title={() => t('system.prices.history')}
          />
        </Flex>
      )}
    </Drawer>
  );
}
