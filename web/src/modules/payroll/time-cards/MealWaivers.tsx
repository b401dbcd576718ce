import type { MealWaiver } from '@tidyhouse/contract';
import { Button, Card, DatePicker, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { LoadFailed } from '@/components/LoadFailed';
import { showSuccess } from '@/lib/notify';
import { TIME_CARD_PATHS, useMealWaivers, useTimeCardWrite } from './api';

interface AddForm {
  meal: 1 | 2;
  signedOn: Dayjs;
  note?: string;
}

/**
 * The meal waivers an employee signed (Labor Code 512): the office records and revokes them here; the
 * card's meal flags and the wages' meal premium follow them, on the days a waiver can apply to.
 */
export function MealWaivers({ userId, employeeName }: { userId: number; employeeName: string }) {
  const { t } = useTranslation();
  const waivers = useMealWaivers(userId);
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<MealWaiver | null>(null);
  const [addForm] = Form.useForm<AddForm>();
  const [revokeForm] = Form.useForm<{ revokedOn: Dayjs }>();
  const add = useTimeCardWrite<unknown>(TIME_CARD_PATHS.addMealWaiver);
  const revoke = useTimeCardWrite<unknown>(TIME_CARD_PATHS.revokeMealWaiver);
  const mealName = (meal: 1 | 2) => t(meal === 1 ? 'payroll.timeCard.waivers.first' : 'payroll.timeCard.waivers.second');

  return (
    <Card
      size="small"
      title={t('payroll.timeCard.waivers.title')}
      data-testid="meal-waivers"
      extra={
        <Button size="small" onClick={() => setAdding(true)}>
          {t('payroll.timeCard.waivers.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('payroll.timeCard.waivers.help')}</Typography.Paragraph>
      {waivers.isError ? (
        <LoadFailed onRetry={() => void waivers.refetch()} />
      ) : (
        <Table<MealWaiver>
          size="small"
          rowKey="id"
          pagination={false}
          loading={waivers.isPending}
          dataSource={waivers.data?.waivers ?? []}
          locale={{ emptyText: t('payroll.timeCard.waivers.none') }}
          columns={[
            { key: 'meal', title: t('payroll.timeCard.waivers.meal'), render: (_, w) => mealName(w.meal) },
            { key: 'signedOn', title: t('payroll.timeCard.waivers.signedOn'), dataIndex: 'signedOn' },
            {
              key: 'revokedOn',
              title: t('payroll.timeCard.waivers.revokedOn'),
              render: (_, w) => w.revokedOn ?? <Tag color="green">{t('payroll.timeCard.waivers.inForce')}</Tag>,
            },
            { key: 'note', title: t('payroll.timeCard.columns.note'), dataIndex: 'note' },
            {
              key: 'actions',
              title: t('payroll.timeCard.columns.actions'),
              render: (_, w) =>
                w.revokedOn === null ? (
                  <Button size="small" onClick={() => setRevoking(w)}>
                    {t('payroll.timeCard.waivers.revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {adding && (
        <ActionModal
          title={t('payroll.timeCard.waivers.addTitle', { name: employeeName })}
          saving={add.isPending}
          onOk={() => addForm.submit()}
          onClose={() => setAdding(false)}
        >
          <Form<AddForm>
            form={addForm}
            layout="vertical"
            initialValues={{ meal: 1 }}
            onFinish={(values) =>
              add
                .mutateAsync({
                  userId,
                  meal: values.meal,
                  signedOn: values.signedOn.format('YYYY-MM-DD'),
                  note: values.note ?? '',
                })
                .then(
                  () => {
                    showSuccess(t('payroll.timeCard.waivers.added'));
                    setAdding(false);
                  },
                  () => undefined,
                )
            }
          >
            <Form.Item name="meal" label={t('payroll.timeCard.waivers.meal')} rules={[{ required: true }]}>
              <Select
                aria-label={t('payroll.timeCard.waivers.meal')}
                options={[
                  { value: 1, label: mealName(1) },
                  { value: 2, label: mealName(2) },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="signedOn"
              label={t('payroll.timeCard.waivers.signedOn')}
              rules={[{ required: true, message: t('payroll.timeCard.waivers.signedOnRequired') }]}
            >
              <DatePicker aria-label={t('payroll.timeCard.waivers.signedOn')} />
            </Form.Item>
            <Form.Item name="note" label={t('payroll.timeCard.columns.note')}>
              <Input maxLength={500} aria-label={t('payroll.timeCard.columns.note')} />
            </Form.Item>
          </Form>
        </ActionModal>
      )}
      {revoking && (
        <ActionModal
          title={t('payroll.timeCard.waivers.revokeTitle', { name: employeeName, meal: mealName(revoking.meal) })}
          okText={t('payroll.timeCard.waivers.revoke')}
          saving={revoke.isPending}
          onOk={() => revokeForm.submit()}
          onClose={() => setRevoking(null)}
        >
          <Form<{ revokedOn: Dayjs }>
            form={revokeForm}
            layout="vertical"
            onFinish={(values) =>
              revoke
                .mutateAsync({ id: revoking.id, version: revoking.version, revokedOn: values.revokedOn.format('YYYY-MM-DD') })
                .then(
                  () => {
                    showSuccess(t('payroll.timeCard.waivers.revoked'));
                    setRevoking(null);
                  },
                  () => undefined,
                )
            }
          >
            <Form.Item
              name="revokedOn"
              label={t('payroll.timeCard.waivers.revokedOn')}
              extra={t('payroll.timeCard.waivers.revokedOnHelp')}
              rules={[{ required: true, message: t('payroll.timeCard.waivers.revokedOnRequired') }]}
            >
              <DatePicker aria-label={t('payroll.timeCard.waivers.revokedOn')} />
            </Form.Item>
          </Form>
        </ActionModal>
      )}
    </Card>
  );
}
