import { formatCents, type Locale, OFFICE_DAY_REOPEN_KEY, parseMoneyToCents } from '@tidyhouse/contract';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { LoadFailed } from '@/components/LoadFailed';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { SendDayInvoices } from '@/modules/billing/components/SendDayInvoices';
import { type DayCounts, useCloseDay, useReopenDay, useVerifyDay } from '../day/api';
import { Checklist, DayToolbar, useOfficeDate } from '../day/DayToolbar';

const centsOf = (text: string | undefined) => (text ? (parseMoneyToCents(text) ?? undefined) : undefined);

function CloseDayBody({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const [counts, setCounts] = useState<DayCounts>({});
  const [cash, setCash] = useState('');
  const [checks, setChecks] = useState('');
  const [note, setNote] = useState('');
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const verify = useVerifyDay(date, counts);
  const close = useCloseDay();
  const reopen = useReopenDay();
  const mayReopen = useHasPermission(OFFICE_DAY_REOPEN_KEY);

  if (verify.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="office-loading" />;
  if (verify.isError || !verify.data)
    return <LoadFailed title={t('office.day.loadFailed')} onRetry={() => void verify.refetch()} />;
  const data = verify.data;
  const closed = data.dayStatus === 'closed';
  const recheck = () => setCounts({ countedCashCents: centsOf(cash), countedCheckCents: centsOf(checks), differenceNote: note });
  const doClose = async () => {
    const result = await close.mutateAsync({
      date,
      countedCashCents: centsOf(cash) ?? 0,
      countedCheckCents: centsOf(checks) ?? 0,
      differenceNote: note,
    });
    void message.success(t('office.closeDay.closed', { count: result.closedJobs }));
  };
  const doReopen = async () => {
    await reopen.mutateAsync({ date, reason });
    setReopening(false);
    setReason('');
    void message.success(t('office.closeDay.reopened'));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {closed ? (
        <Alert
          type="info"
          showIcon
          data-testid="day-closed"
          title={t('office.closeDay.closedInfo', { by: data.closedBy ?? '—' })}
          action={
            mayReopen ? (
              <Button onClick={() => setReopening(true)} data-testid="reopen-day">
                {t('office.closeDay.reopen')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Card size="small" title={t('office.closeDay.countTitle')}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('office.closeDay.recordedCash')}>
              {formatCents(data.recordedCashCents, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('office.closeDay.recordedChecks')}>
              {formatCents(data.recordedCheckCents, locale)}
            </Descriptions.Item>
          </Descriptions>
          <Form layout="inline" onFinish={recheck}>
            <Form.Item label={t('office.closeDay.countedCash')}>
              <DecimalInput prefix="$" value={cash} onChange={setCash} style={{ width: 140 }} data-testid="counted-cash" />
            </Form.Item>
            <Form.Item label={t('office.closeDay.countedChecks')}>
              <DecimalInput prefix="$" value={checks} onChange={setChecks} style={{ width: 140 }} data-testid="counted-checks" />
            </Form.Item>
            <Form.Item label={t('office.closeDay.differenceNote')}>
              <Input
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={1000}
                style={{ width: 260 }}
                data-testid="difference-note"
              />
            </Form.Item>
            <Button htmlType="submit" data-testid="verify-day">
              {t('office.closeDay.verify')}
            </Button>
          </Form>
        </Card>
      )}
      {closed ? <SendDayInvoices date={date} /> : null}
      <Checklist items={data.items} testId="close-checklist" />
      {!closed && (
        <Popconfirm
          title={t('office.closeDay.confirm', { date })}
          okText={t('office.closeDay.close')}
          cancelText={t('office.day.cancel')}
          disabled={!data.ready}
          onConfirm={() => doClose().catch(() => undefined)}
        >
          <Button type="primary" danger disabled={!data.ready} loading={close.isPending} data-testid="close-day">
            {t('office.closeDay.close')}
          </Button>
        </Popconfirm>
      )}
      {!closed && !data.ready && (
        <Alert type="warning" showIcon title={t('office.closeDay.notReady')} data-testid="close-not-ready" />
      )}
      <Modal
        open={reopening}
        title={t('office.closeDay.reopenTitle', { date })}
        okText={t('office.closeDay.reopen')}
        cancelText={t('office.day.cancel')}
        okButtonProps={{ disabled: reason.trim() === '' }}
        confirmLoading={reopen.isPending}
        onOk={() => void doReopen().catch(() => undefined)}
        onCancel={() => setReopening(false)}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('office.closeDay.reopenReason')}
          data-testid="reopen-reason"
        />
      </Modal>
    </Space>
  );
}

/** /office/confirmshutdown: the close-day checklist, the cash and check count, close and reopen. */
export default function CloseDayPage() {
  const title = useScreenTitle('/office/confirmshutdown');
  const { date, today, go } = useOfficeDate();
  if (!date) return <Skeleton active paragraph={{ rows: 6 }} data-testid="office-loading" />;
  return (
    <div data-testid="close-day-page">
      <DayToolbar title={title} date={date} today={today} go={go} closed={undefined} />
      <CloseDayBody key={date} date={date} />
    </div>
  );
}
