import { CheckOutlined, CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NUMBER_RANGES, type Skill } from '@tidyhouse/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { numberRange, required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage, listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { URLS } from '../api';

interface SkillFilters {
  keyword?: string;
  active?: 'yes' | 'no';
}

interface SkillValues {
  nameEn?: string;
  nameZh?: string;
  sortOrder?: number | null;
}

/** The office's skill list: add, rename, deactivate (kept by those who have it) and delete. */
export function ManageSkillsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('/employee/employeelist/update');
  const [addForm] = Form.useForm<SkillValues>();
  const [renameForm] = Form.useForm<SkillValues>();
  const [renaming, setRenaming] = useState<number>();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.skillList) }),
      queryClient.invalidateQueries({ queryKey: ['employees', 'detail'] }),
    ]);

  const add = useMutation({
    mutationFn: (values: SkillValues) =>
      post('/sysSkill/add', { nameEn: values.nameEn?.trim(), nameZh: values.nameZh?.trim(), sortOrder: values.sortOrder ?? 0 }),
    onSuccess: () => {
      showSuccess(t('employees.skills.added'));
      addForm.resetFields();
    },
    onSettled: refresh,
  });
  const modify = useMutation({
    mutationFn: (body: { id: number; version: number } & Partial<Skill>) => post('/sysSkill/modify', body),
    onSuccess: () => {
      showSuccess(t('employees.skills.updated'));
      setRenaming(undefined);
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (skill: Skill) => post('/sysSkill/remove', { id: skill.id, version: skill.version }),
    onSuccess: () => showSuccess(t('employees.skills.removed')),
    onSettled: refresh,
  });

  const startRename = (skill: Skill) => {
    renameForm.setFieldsValue({ nameEn: skill.nameEn, nameZh: skill.nameZh, sortOrder: skill.sortOrder });
    setRenaming(skill.id);
  };
  const saveRename = (skill: Skill) =>
    renameForm
      .validateFields()
      .then((values) =>
        modify.mutate({
          id: skill.id,
          version: skill.version,
          nameEn: values.nameEn?.trim(),
          nameZh: values.nameZh?.trim(),
          sortOrder: values.sortOrder ?? 0,
        }),
      )
      .catch(() => undefined);

  const nameCell = (field: 'nameEn' | 'nameZh') => (value: string, skill: Skill) =>
    renaming === skill.id ? (
      <Form.Item name={field} rules={[required('validation.skillNameRequired')]} style={{ margin: 0 }}>
        <Input maxLength={64} aria-label={t(`employees.skills.${field}`)} />
      </Form.Item>
    ) : (
      value
    );

  const columns: TableColumnsType<Skill> = [
    { key: 'nameEn', dataIndex: 'nameEn', title: t('employees.skills.nameEn'), render: nameCell('nameEn') },
    { key: 'nameZh', dataIndex: 'nameZh', title: t('employees.skills.nameZh'), render: nameCell('nameZh') },
    {
      key: 'sortOrder',
      dataIndex: 'sortOrder',
      title: t('employees.skills.sortOrder'),
      render: (value: number, skill) =>
        renaming === skill.id ? (
          <Form.Item
            name="sortOrder"
            style={{ margin: 0 }}
            rules={[numberRange(NUMBER_RANGES.sortOrder, 'employees.skills.sortOrder')]}
          >
            <InputNumber style={{ width: 80 }} />
          </Form.Item>
        ) : (
          value
        ),
    },
    { key: 'employeeCount', dataIndex: 'employeeCount', title: t('employees.skills.employeeCount') },
    {
      key: 'active',
      dataIndex: 'active',
      title: t('employees.skills.active'),
      render: (active: boolean, skill) => (
        <Switch
          size="small"
          checked={active}
          disabled={!canEdit || modify.isPending}
          aria-label={t('employees.skills.active')}
          onChange={(next) => modify.mutate({ id: skill.id, version: skill.version, active: next })}
        />
      ),
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      render: (_value, skill) =>
        !canEdit ? null : renaming === skill.id ? (
          <Space size={0}>
            <GuardedButton type="link" size="small" icon={<CheckOutlined />} onClick={() => void saveRename(skill)}>
              {t('employees.actions.save')}
            </GuardedButton>
            <Button type="link" size="small" icon={<CloseOutlined />} onClick={() => setRenaming(undefined)}>
              {t('common.actions.cancel')}
            </Button>
          </Space>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => startRename(skill)}>
              {t('employees.skills.rename')}
            </Button>
            <DeleteButton type="link" size="small" onConfirm={() => remove.mutateAsync(skill)} />
          </Space>
        ),
    },
  ];

  return (
    <Modal
      open
      width={820}
      title={t('employees.skills.manageTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('employees.actions.close')}</Button>}
    >
      {canEdit ? (
        <Form<SkillValues> form={addForm} layout="inline" onFinish={(values) => add.mutate(values)} style={{ marginBottom: 16 }}>
          <Form.Item name="nameEn" label={t('employees.skills.nameEn')} rules={[required('validation.skillNameRequired')]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="nameZh" label={t('employees.skills.nameZh')} rules={[required('validation.skillNameRequired')]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="sortOrder"
            label={t('employees.skills.sortOrder')}
            rules={[numberRange(NUMBER_RANGES.sortOrder, 'employees.skills.sortOrder')]}
          >
            <InputNumber style={{ width: 80 }} />
          </Form.Item>
          <GuardedButton type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
            {t('employees.skills.add')}
          </GuardedButton>
        </Form>
      ) : null}
      <Form form={renameForm} component={false}>
        <ListPage<Skill, SkillFilters>
          url={URLS.skillList}
          rowKey="id"
          columns={columns}
          defaultPageSize={10}
          toRequest={({ keyword, active }) => ({ keyword, active: active === undefined ? undefined : active === 'yes' })}
          searchFields={
            <>
              <Form.Item name="keyword" label={t('employees.skills.keyword')}>
                <Input allowClear style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="active" label={t('employees.skills.active')}>
                <Select
                  allowClear
                  style={{ width: 100 }}
                  options={[
                    { value: 'yes', label: t('employees.common.yes') },
                    { value: 'no', label: t('employees.common.no') },
                  ]}
                />
              </Form.Item>
            </>
          }
        />
      </Form>
    </Modal>
  );
}
