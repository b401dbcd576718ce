import { Col, Form, Input, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredText } from './rules';

interface BilingualNameFieldsProps {
  maxLength: number;
  /** Labels other than "English name" / "Chinese name" (a role's, for example). */
  labels?: { en: ReactNode; zh: ReactNode };
}

/** The English and Chinese names every settings record carries, side by side, both required. */
export function BilingualNameFields({ maxLength, labels }: BilingualNameFieldsProps) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="nameEn" label={labels?.en ?? t('system.common.nameEn')} rules={requiredText()}>
          <Input maxLength={maxLength} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="nameZh" label={labels?.zh ?? t('system.common.nameZh')} rules={requiredText()}>
          <Input maxLength={maxLength} />
        </Form.Item>
      </Col>
    </Row>
  );
}
