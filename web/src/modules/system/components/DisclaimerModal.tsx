import {
  DISCLAIMER_PURPOSE_TITLES,
  DISCLAIMER_PURPOSES,
  type Disclaimer,
  type DisclaimerAddRequest,
  type DisclaimerModifyRequest,
} from '@tidyhouse/contract';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { requiredText } from './rules';
import { useTitle } from './shared';

export const DISCLAIMER_LIST_URL = '/sysParam/disclaimerList';

type DisclaimerValues = DisclaimerAddRequest;

const toValues = (d: Disclaimer): DisclaimerValues => ({
  purpose: d.purpose,
  name: d.name,
  textEn: d.textEn,
  textZh: d.textZh,
  active: d.active,
});
const toRequest = (v: DisclaimerValues): DisclaimerAddRequest => ({
  purpose: v.purpose,
  name: v.name.trim(),
  textEn: v.textEn.trim(),
  textZh: v.textZh.trim(),
  active: v.active,
});

/** Add or edit a disclaimer: its purpose, a name, and its text in English and Chinese. */
export function DisclaimerModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const title = useTitle();
  const recordForm = useRecordForm<DisclaimerValues, Disclaimer>({
    load: id
      ? {
          queryKey: ['sysParam', 'disclaimer', id],
          queryFn: () => post<Disclaimer>('/sysParam/disclaimerDetail', { id }),
          toValues,
        }
      : undefined,
    submit: (values, record) =>
      record
        ? post<Disclaimer>('/sysParam/disclaimerModify', {
            id: record.id,
            version: record.version,
            ...toRequest(values),
          } satisfies DisclaimerModifyRequest)
        : post<Disclaimer>('/sysParam/disclaimerAdd', toRequest(values)),
    invalidates: [listQueryKey(DISCLAIMER_LIST_URL)],
    onSaved: onClose,
    reloadAfterSave: false,
  });

  return (
    <FormModal
      title={t(id ? 'system.params.disclaimers.editTitle' : 'system.params.disclaimers.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      width={720}
      initialValues={{ purpose: 'quote', active: true }}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="purpose"
            label={t('system.params.disclaimers.purpose')}
            rules={requiredText('system.params.disclaimers.purpose')}
          >
            <Select options={DISCLAIMER_PURPOSES.map((p) => ({ value: p, label: title(DISCLAIMER_PURPOSE_TITLES[p]) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label={t('system.common.name')} rules={requiredText('system.common.name')}>
            <Input maxLength={96} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="active" label={t('system.common.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="textEn"
        label={t('system.params.disclaimers.textEn')}
        rules={requiredText('system.params.disclaimers.textEn')}
      >
        <Input.TextArea maxLength={10_000} autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Form.Item
        name="textZh"
        label={t('system.params.disclaimers.textZh')}
        rules={requiredText('system.params.disclaimers.textZh')}
      >
        <Input.TextArea maxLength={10_000} autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
    </FormModal>
  );
}
