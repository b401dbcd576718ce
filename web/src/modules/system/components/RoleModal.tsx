import type { RoleAddRequest, RoleDetail, RoleModifyRequest } from '@tidyhouse/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { ROLE_LIST_URL, roleDetailKey } from './PermissionDrawer';
import { requiredText } from './rules';

interface RoleValues {
  nameEn: string;
  nameZh: string;
  description: string;
}

const toValues = (role: RoleDetail): RoleValues => ({ nameEn: role.nameEn, nameZh: role.nameZh, description: role.description });
const toRequest = (v: RoleValues) => ({
  nameEn: v.nameEn.trim(),
  nameZh: v.nameZh.trim(),
  description: (v.description ?? '').trim(),
});

/** Add a role (without keys: "Set permissions" gives them) or change its names and description. */
export function RoleModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const recordForm = useRecordForm<RoleValues, RoleDetail>({
    load: id ? { queryKey: roleDetailKey(id), queryFn: () => post<RoleDetail>('/sysRole/detail', { id }), toValues } : undefined,
    submit: (values, record) =>
      record
        ? post<RoleDetail>('/sysRole/modify', {
            id: record.id,
            version: record.version,
            ...toRequest(values),
          } satisfies RoleModifyRequest)
        : post<RoleDetail>('/sysRole/add', { ...toRequest(values), keys: [] } satisfies RoleAddRequest),
    // Role names show in the header and the employee screens too.
    invalidates: [listQueryKey(ROLE_LIST_URL), ['getUserInfo']],
    onSaved: onClose,
    reloadAfterSave: false,
  });

  return (
    <FormModal
      title={t(id ? 'system.roles.editTitle' : 'system.roles.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      initialValues={{ description: '' }}
      extra={id ? null : <p style={{ marginTop: 0 }}>{t('system.roles.addHint')}</p>}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="nameEn" label={t('system.roles.nameEn')} rules={requiredText()}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="nameZh" label={t('system.roles.nameZh')} rules={requiredText()}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('system.common.description')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormModal>
  );
}
