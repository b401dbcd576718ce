import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addMonths,
  LOG_CLEAR_OPTIONS,
  LOG_CLEAR_TARGETS,
  type LogClearOption,
  type LogClearRequest,
  type LogClearResult,
  type LogClearTarget,
} from '@tidyhouse/contract';
import { Alert, App, Button, DatePicker, Form, Modal, Radio, Result, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { LOGIN_LOG_URL } from './LoginLogList';
import { OPERATION_LOG_URL } from './OperationLogList';
import { useBusinessToday } from './shared';

dayjs.extend(localizedFormat);

interface ClearValues {
  option: LogClearOption;
  date?: Dayjs;
  target: LogClearTarget;
}

const MONTHS: Record<Exclude<LogClearOption, 'date'>, number> = { oneMonth: 1, twoMonths: 2, threeMonths: 3 };

/** The cut-off day of a clearing: today (business time zone) minus whole months, or the chosen date. */
export function cutoffDate(values: Pick<ClearValues, 'option' | 'date'>, today: string): string | undefined {
  if (values.option === 'date') return values.date?.format('YYYY-MM-DD');
  return addMonths(today, -MONTHS[values.option]);
}

/** A business date the way people read it in their language ("March 2, 2026", "2026年3月2日"). */
export const longDate = (date: string) => dayjs(date).format('LL');

/**
 * Clearing the logs (spec §2, §9): one, two or three months ago or a chosen date; login attempts,
 * operation entries or both. Asks for confirmation naming the cut-off, then shows how many went.
 */
export function ClearLogsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const today = useBusinessToday();
  const [form] = Form.useForm<ClearValues>();
  const option = Form.useWatch('option', form);
  const [result, setResult] = useState<LogClearResult | null>(null);

  const clear = useMutation({
    mutationFn: (body: LogClearRequest) => post<LogClearResult>('/sysLog/clear', body),
    onSuccess: async (done) => {
      setResult(done);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(LOGIN_LOG_URL) }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(OPERATION_LOG_URL) }),
      ]);
    },
  });

  const confirm = (values: ClearValues) => {
    if (!today) return;
    const cutoff = cutoffDate(values, today);
    if (!cutoff) return;
    modal.confirm({
      title: t('system.logs.clear.confirmTitle'),
      content: t(`system.logs.clear.confirm.${values.target}`, { date: longDate(cutoff) }),
      okText: t('system.logs.clear.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        clear
          .mutateAsync({
            option: values.option,
            target: values.target,
            ...(values.option === 'date' ? { date: cutoff } : {}),
          })
          .catch(() => undefined),
    });
  };

  return (
    <Modal
      open
      title={t('system.logs.clear.title')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            {t('common.actions.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
            <GuardedButton type="primary" danger disabled={!today} loading={clear.isPending} onClick={() => form.submit()}>
              {t('system.logs.clear.submit')}
            </GuardedButton>
          </Space>
        )
      }
    >
      {result ? (
        <Result
          status="success"
          title={t('system.logs.clear.doneTitle', { date: longDate(result.cutoffDate) })}
          subTitle={
            <span data-testid="clear-result">
              {t('system.logs.clear.done', { login: result.loginDeleted, operation: result.operationDeleted })}
            </span>
          }
        />
      ) : (
        <Form<ClearValues>
          form={form}
          layout="vertical"
          initialValues={{ option: 'threeMonths', target: 'both' }}
          onFinish={confirm}
          data-testid="clear-form"
        >
          <Alert type="warning" showIcon title={t('system.logs.clear.warning')} style={{ marginBottom: 16 }} />
          <Form.Item name="option" label={t('system.logs.clear.olderThan')}>
            <Radio.Group>
              <Space orientation="vertical">
                {LOG_CLEAR_OPTIONS.map((value) => (
                  <Radio key={value} value={value}>
                    {t(`system.logs.clear.options.${value}`)}
                    {value !== 'date' && today ? ` (${longDate(cutoffDate({ option: value }, today) ?? today)})` : ''}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {option === 'date' ? (
            <Form.Item
              name="date"
              label={t('system.logs.clear.date')}
              rules={[required('rule.clearDateRequired', { whitespace: false })]}
            >
              <DatePicker disabledDate={(day) => today !== undefined && day.format('YYYY-MM-DD') > today} />
            </Form.Item>
          ) : null}
          <Form.Item name="target" label={t('system.logs.clear.target')}>
            <Radio.Group
              options={LOG_CLEAR_TARGETS.map((value) => ({ value, label: t(`system.logs.clear.targets.${value}`) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
