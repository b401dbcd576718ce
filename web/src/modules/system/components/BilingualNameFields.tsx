import { Col, Form, Input, Row } from 'antd';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { requiredText } from './rules';

interface BilingualNameFieldsProps {
  maxLength: number;
  /** Locale keys of labels other than "English name" / "Chinese name" (a role's, for example). */
  labelKeys?: { en: ParseKeys; zh: ParseKeys };
}

/** The English and Chinese names every settings record carries, side by side, both required. */
export function BilingualNameFields({ maxLength, labelKeys }: BilingualNameFieldsProps) {
  const { t } = useTranslation();
  const en: ParseKeys = labelKeys?.en ?? 'system.common.nameEn';
  const zh: ParseKeys = labelKeys?.zh ?? 'system.common.nameZh';
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="nameEn" label={t(en)} rules={requiredText(en)}>
          <Input maxLength={maxLength} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="nameZh" label={t(zh)} rules={requiredText(zh)}>
          <Input maxLength={maxLength} />
        </Form.Item>
      </Col>
    </Row>
  );
}
