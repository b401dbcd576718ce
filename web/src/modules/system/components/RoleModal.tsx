import type { RoleAddRequest, RoleDetail, RoleModifyRequest } from '@tidyhouse/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { BilingualNameFields } from './BilingualNameFields';
import { ROLE_LIST_URL, roleDetailKey } from './PermissionDrawer';

interface RoleValues {
  nameEn: string;
  nameZh: string;
  description: string;
  descriptionZh: string;
}

const toValues = (role: RoleDetail): RoleValues => ({
  nameEn: role.nameEn,
  nameZh: role.nameZh,
  description: role.description,
  descriptionZh: role.descriptionZh,
});
const toRequest = (v: RoleValues) => ({
  nameEn: v.nameEn.trim(),
  nameZh: v.nameZh.trim(),
  description: (v.description ?? '').trim(),
  descriptionZh: (v.descriptionZh ?? '').trim(),
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
      initialValues={{ description: '', descriptionZh: '' }}
      extra={id ? null : <p style={{ marginTop: 0 }}>{t('system.roles.addHint')}</p>}
    >
      <BilingualNameFields maxLength={64} labelKeys={{ en: 'system.roles.nameEn', zh: 'system.roles.nameZh' }} />
      {/* Both languages, as the names: each viewer reads the description in theirs. */}
      <Form.Item name="description" label={t('system.common.descriptionEn')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="descriptionZh" label={t('system.common.descriptionZh')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormModal>
  );
}
