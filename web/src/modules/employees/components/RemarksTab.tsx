import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDetail, Remark } from '@tidyhouse/contract';
import { DatePicker, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DeleteButton } from '@/components/DeleteButton';
import { required } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage, listQueryKey } from '@/components/ListPage';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { isConflict, URLS, useBusinessToday } from '../api';
import { DATE_FORMAT, fromDay, toDay } from '../convert';

interface RemarkValues {
  remarkDate?: Dayjs | null;
  content?: string;
}

function RemarkModal({ userId, remark, onClose }: { userId: number; remark?: Remark; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RemarkValues>();
  const queryClient = useQueryClient();
  const today = useBusinessToday();
  const save = useMutation({
    mutationFn: (values: RemarkValues) => {
      const fields = { remarkDate: fromDay(values.remarkDate) ?? undefined, content: values.content?.trim() ?? '' };
      return remark
        ? post('/sysUserRemark/modify', { id: remark.id, version: remark.version, ...fields })
        : post('/sysUserRemark/add', { userId, ...fields });
    },
    onSuccess: () => {
      showSuccess(t('employees.remarks.saved'));
      onClose();
    },
    onError: (error) => {
      if (isConflict(error)) onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.remarkList) }),
  });
  return (
    <ActionModal
      title={remark ? t('employees.remarks.editTitle') : t('employees.remarks.addTitle')}
      onOk={form.submit}
      onClose={onClose}
      saving={save.isPending}
    >
      <Form<RemarkValues>
        form={form}
        layout="vertical"
        initialValues={{ remarkDate: remark ? toDay(remark.remarkDate) : today, content: remark?.content ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="remarkDate" label={t('employees.remarks.date')}>
          <DatePicker format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item name="content" label={t('employees.remarks.content')} rules={[required('validation.remarkRequired')]}>
          <Input.TextArea rows={5} maxLength={4000} showCount />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}

/** The Remarks tab: dated notes about the employee with their author; the author (or a manager) edits. */
export function RemarksTab({ employee }: { employee: EmployeeDetail }) {
  const moment = useMomentFormat();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ remark?: Remark }>();
  const remove = useMutation({
    mutationFn: (remark: Remark) => post('/sysUserRemark/remove', { id: remark.id, version: remark.version }),
    onSuccess: () => showSuccess(t('employees.remarks.removed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.remarkList) }),
  });

  const columns: TableColumnsType<Remark> = [
    { key: 'remarkDate', dataIndex: 'remarkDate', title: t('employees.remarks.date'), width: 120 },
    {
      key: 'content',
      dataIndex: 'content',
      title: t('employees.remarks.content'),
      render: (content: string) => (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: 640 }}>{content}</Typography.Paragraph>
      ),
    },
    { key: 'author', dataIndex: 'authorName', title: t('employees.remarks.author') },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('employees.remarks.updatedAt'),
      render: (value: string) => moment(value),
    },
    {
      key: 'actions',
      title: t('employees.list.actions'),
      render: (_value, remark) =>
        remark.canEdit ? (
          <Space size={0}>
            <GuardedButton type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ remark })}>
              {t('employees.actions.edit')}
            </GuardedButton>
            <DeleteButton type="link" size="small" onConfirm={() => remove.mutateAsync(remark)} />
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<Remark, { userId: number }>
        url={URLS.remarkList}
        rowKey="id"
        columns={columns}
        initialFilters={{ userId: employee.id }}
        toolbar={
          <GuardedButton type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('employees.remarks.add')}
          </GuardedButton>
        }
      />
      {editing ? <RemarkModal userId={employee.id} remark={editing.remark} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
