import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageEvent, MessageTemplate, MessageTemplateListResponse } from '@tidyhouse/contract';
import { Badge, Card, Col, Empty, Form, Menu, Row, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { PreviewPanel } from '../components/PreviewPanel';
import { TemplateEditor } from '../components/TemplateEditor';
import { type EventFormValues, templatesOf, toFormValues, toPreviewTexts, toUpdateRequest } from '../templateForm';

const LIST_KEY = ['messageTemplate', 'queryList'] as const;

/** /sys/messagetemplate: the customer messages of each event, their texts, on/off and a preview. */
export default function MessageTemplatesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('messageTemplate:edit');
  const [form] = Form.useForm<EventFormValues>();
  const [event, setEvent] = useState<MessageEvent>('jobConfirmation');
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => post<MessageTemplateListResponse>('/messageTemplate/queryList', {}),
  });

  const setting = list.data?.events.find((e) => e.event === event);
  const templates = useMemo(() => templatesOf(list.data?.list ?? [], event), [list.data, event]);

  // The editor shows the chosen event as saved; switching events or a save fills it again.
  useEffect(() => {
    if (setting) form.setFieldsValue(toFormValues(setting, templates));
  }, [form, setting, templates]);

  const save = useMutation({
    mutationFn: (values: EventFormValues) =>
      post<{ list: MessageTemplate[] }>('/messageTemplate/update', toUpdateRequest(event, values, templates)),
    onSuccess: async () => {
      showSuccess(t('messaging.templates.saved'));
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });

  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.isPending) return <Skeleton active data-testid="templates-loading" />;
  if (list.data.list.length === 0) return <Empty description={t('messaging.templates.empty')} />;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={5}>
        <Card size="small" title={t('messaging.templates.events')}>
          <Menu
            mode="inline"
            selectedKeys={[event]}
            onClick={({ key }) => setEvent(key as MessageEvent)}
            style={{ borderInlineEnd: 'none' }}
            items={list.data.events.map((e) => ({
              key: e.event,
              label: (
                <span data-testid={`event-${e.event}`}>
                  <Badge status={e.enabled ? 'success' : 'default'} /> {t(`messaging.events.${e.event}`)}
                </span>
              ),
              title: t(e.enabled ? 'messaging.templates.on' : 'messaging.templates.off'),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={11}>
        {setting ? (
          <TemplateEditor
            key={event}
            event={event}
            setting={setting}
            templates={templates}
            form={form}
            canEdit={canEdit}
            saving={save.isPending}
            onSave={(values) => save.mutate(values)}
          />
        ) : null}
      </Col>
      <Col xs={24} lg={8}>
        <PreviewPanel
          key={event}
          event={event}
          currentTexts={() => {
            const values = form.getFieldsValue(true) as EventFormValues;
            return { templates: toPreviewTexts(values, templates), linkUrl: (values.linkUrl ?? '').trim() };
          }}
        />
      </Col>
    </Row>
  );
}
