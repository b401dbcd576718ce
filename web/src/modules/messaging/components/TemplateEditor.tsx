import {
  type MessageEvent,
  type MessageEventSetting,
  type MessageTemplate,
  TEMPLATE_BODY_MAX,
  TEMPLATE_SMS_MAX,
  TEMPLATE_SUBJECT_MAX,
} from '@tidyhouse/contract';
import { Alert, Card, Col, Form, type FormInstance, Input, Row, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { type EventFormValues, firstUnknownPlaceholder, hasLink, LANGUAGE_ORDER, placeholderText } from '../templateForm';

interface Props {
  event: MessageEvent;
  setting: MessageEventSetting;
  templates: readonly MessageTemplate[];
  form: FormInstance<EventFormValues>;
  canEdit: boolean;
  saving: boolean;
  onSave: (values: EventFormValues) => void;
}

/** One event's templates: on/off, link, and the e-mail and SMS texts in each language. */
export function TemplateEditor({ event, setting, templates, form, canEdit, saving, onSave }: Props) {
  const { t } = useTranslation();
  const placeholderRule: Rule = {
    validator: (_rule, value: string | undefined) => {
      const unknown = firstUnknownPlaceholder(event, value);
      return unknown
        ? Promise.reject(new Error(t('messaging.templates.unknownPlaceholder', { name: unknown })))
        : Promise.resolve();
    },
  };
  const required: Rule = { required: true, whitespace: true, message: t('messaging.templates.textRequired') };

  const languageTab = (language: 'en' | 'zh') => {
    const email = templates.find((x) => x.language === language && x.channel === 'email');
    const sms = templates.find((x) => x.language === language && x.channel === 'sms');
    return (
      <>
        {email ? (
          <>
            <Form.Item
              name={['texts', String(email.id), 'subject']}
              label={t('messaging.templates.emailSubject')}
              rules={[required, placeholderRule]}
            >
              <Input maxLength={TEMPLATE_SUBJECT_MAX} readOnly={!canEdit} data-testid={`subject-${language}`} />
            </Form.Item>
            <Form.Item
              name={['texts', String(email.id), 'body']}
              label={t('messaging.templates.emailBody')}
              rules={[required, placeholderRule]}
            >
              <Input.TextArea
                autoSize={{ minRows: 6, maxRows: 16 }}
                maxLength={TEMPLATE_BODY_MAX}
                readOnly={!canEdit}
                data-testid={`email-body-${language}`}
              />
            </Form.Item>
          </>
        ) : null}
        {sms ? (
          <Form.Item
            name={['texts', String(sms.id), 'body']}
            label={t('messaging.templates.smsBody')}
            rules={[required, placeholderRule]}
            extra={t('messaging.templates.smsHelp')}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={TEMPLATE_SMS_MAX}
              readOnly={!canEdit}
              data-testid={`sms-body-${language}`}
            />
          </Form.Item>
        ) : null}
      </>
    );
  };

  return (
    <Card
      title={t(`messaging.events.${event}`)}
      extra={
        <Tag color={setting.transactional ? 'blue' : 'gold'}>
          {t(setting.transactional ? 'messaging.templates.transactional' : 'messaging.templates.marketing')}
        </Tag>
      }
      data-testid="template-editor"
    >
      <Typography.Paragraph type="secondary">{t(`messaging.eventHelp.${event}`)}</Typography.Paragraph>
      <Form<EventFormValues> form={form} layout="vertical" onFinish={onSave} scrollToFirstError>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="enabled" label={t('messaging.templates.enabled')} valuePropName="checked">
              <Switch disabled={!canEdit} data-testid="event-enabled" />
            </Form.Item>
          </Col>
          {hasLink(event) ? (
            <Col xs={24} md={16}>
              <Form.Item
                name="linkUrl"
                label={t('messaging.templates.linkUrl', { placeholder: placeholderText('link') })}
                extra={t(`messaging.linkHelp.${event}`)}
                rules={[{ type: 'url', message: t('messaging.templates.linkInvalid') }]}
              >
                <Input maxLength={500} readOnly={!canEdit} placeholder="https://" data-testid="link-url" />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        <Space size={[4, 4]} wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('messaging.templates.placeholders')}</Typography.Text>
          {setting.placeholders.map((name) => (
            <Tag key={name} title={t(`messaging.placeholders.${name}`)}>
              {placeholderText(name)}
            </Tag>
          ))}
        </Space>
        {!setting.transactional ? (
          <Alert style={{ marginBottom: 12 }} type="info" showIcon title={t('messaging.templates.marketingHelp')} />
        ) : null}
        <Tabs
          items={LANGUAGE_ORDER.map((language) => ({
            key: language,
            label: t(`messaging.languages.${language}`),
            forceRender: true,
            children: languageTab(language),
          }))}
        />
        {canEdit ? (
          <GuardedButton type="primary" htmlType="submit" loading={saving} data-testid="save-templates">
            {t('common.actions.save')}
          </GuardedButton>
        ) : null}
      </Form>
    </Card>
  );
}
