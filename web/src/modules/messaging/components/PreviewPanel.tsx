import { useMutation } from '@tanstack/react-query';
import type { MessageEvent, MessagePreview, MessageTemplatePreviewResponse } from '@tidyhouse/contract';
import { Alert, Card, Descriptions, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { post } from '@/lib/http';
import { CHANNEL_ORDER, LANGUAGE_ORDER } from '../templateForm';

interface Props {
  event: MessageEvent;
  /** The texts and link as the editor holds them now (unsaved edits included). */
  currentTexts: () => { templates: { id: number; subject: string; body: string }[]; linkUrl: string };
}

/** Renders the event's messages with a real job: the one the office names, or the next scheduled. */
export function PreviewPanel({ event, currentTexts }: Props) {
  const { t } = useTranslation();
  const [jobReference, setJobReference] = useState('');
  const preview = useMutation({
    mutationFn: () =>
      post<MessageTemplatePreviewResponse>('/messageTemplate/preview', {
        event,
        ...(jobReference.trim() ? { jobReference: jobReference.trim() } : {}),
        ...currentTexts(),
      }),
  });
  const answer = preview.data;
  const shown = answer
    ? LANGUAGE_ORDER.flatMap((language) =>
        CHANNEL_ORDER.map((channel) => answer.previews.find((p) => p.language === language && p.channel === channel)),
      ).filter((p): p is MessagePreview => Boolean(p))
    : [];
  return (
    <Card title={t('messaging.preview.title')} data-testid="preview-panel">
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input
          value={jobReference}
          onChange={(e) => setJobReference(e.target.value)}
          placeholder={t('messaging.preview.jobPlaceholder')}
          aria-label={t('messaging.preview.job')}
          maxLength={20}
          allowClear
          data-testid="preview-job"
        />
        <GuardedButton type="primary" onClick={() => preview.mutate()} loading={preview.isPending} data-testid="preview-run">
          {t('messaging.preview.run')}
        </GuardedButton>
      </Space.Compact>
      {preview.isError ? (
        <Alert type="error" showIcon title={t('messaging.preview.failed')} style={{ marginBottom: 12 }} />
      ) : null}
      {!answer && !preview.isPending ? <Empty description={t('messaging.preview.empty')} /> : null}
      {answer ? (
        <>
          <Typography.Paragraph data-testid="preview-job-used">
            {answer.job
              ? t('messaging.preview.withJob', {
                  reference: answer.job.reference,
                  customer: answer.job.customerName,
                  date: answer.job.serviceDate,
                })
              : t('messaging.preview.sample')}
          </Typography.Paragraph>
          {shown.map((p) => (
            <Card
              key={`${p.channel}-${p.language}`}
              size="small"
              style={{ marginBottom: 12 }}
              data-testid={`preview-${p.channel}-${p.language}`}
              title={
                <Space>
                  <Tag>{t(`messaging.languages.${p.language}`)}</Tag>
                  {t(`messaging.channels.${p.channel}`)}
                </Space>
              }
              extra={p.channel === 'sms' ? t('messaging.preview.smsParts', { count: p.smsParts }) : null}
            >
              {p.channel === 'email' ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[{ key: 's', label: t('messaging.preview.subject'), children: p.subject }]}
                />
              ) : null}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{p.body}</Typography.Paragraph>
            </Card>
          ))}
        </>
      ) : null}
    </Card>
  );
}
