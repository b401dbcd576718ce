import { DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { type CustomerDocument, DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, documentExtension } from '@tidyhouse/contract';
import { Button, Form, Input, Space, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { ListPage } from '@/components/ListPage';
import { getToken } from '@/lib/auth';
import { useMomentFormat } from '@/lib/dateTime';
import { apiUrl, post } from '@/lib/http';
import { currentLocale } from '@/lib/i18n';
import { showError, showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { fileToBase64, formatBytes, useInvalidate } from '../shared';

const LIST_URL = '/customerDocument/queryList';
const ACCEPT = Object.keys(DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** Why a file cannot be uploaded, checked before sending (the server checks again); null when fine. */
export function documentProblem(file: {
  name: string;
  size: number;
}): 'validation.fileTypeNotAllowed' | 'validation.fileTooLarge' | 'validation.fileEmpty' | null {
  if (documentExtension(file.name) === null) return 'validation.fileTypeNotAllowed';
  if (file.size > DOCUMENT_MAX_BYTES) return 'validation.fileTooLarge';
  if (file.size === 0) return 'validation.fileEmpty';
  return null;
}

/** Fetches the file with the session token and saves it through an object URL. */
async function download(document: CustomerDocument, failed: string): Promise<void> {
  const headers = new Headers({ 'Accept-Language': currentLocale() });
  const token = getToken();
  if (token) headers.set('Authorization', token);
  const response = await fetch(apiUrl('/customerDocument/download', { id: document.id }), { headers });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    // An envelope instead of the file: the server's message when it has one.
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    showError(body?.message || failed);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.name;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Documents tab: upload (type and size checked here too), list, download, rename, delete. */
export function DocumentsTab({ customerId }: { customerId: number }) {
  // Moments in the business time zone, one format per language (lib/dateTime).
  const showDateTime = useMomentFormat();
  const { t } = useTranslation();
  const canEdit = useHasPermission('/customer/customerdetail');
  const invalidate = useInvalidate();
  const [renaming, setRenaming] = useState<CustomerDocument | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      post('/customerDocument/upload', { customerId, name: file.name, contentBase64: await fileToBase64(file) }),
    onSuccess: () => showSuccess(t('customers.documents.uploaded')),
    onSettled: () => invalidate(LIST_URL),
  });
  const remove = useMutation({
    mutationFn: (row: CustomerDocument) => post('/customerDocument/remove', { id: row.id, version: row.version }),
    onSuccess: () => showSuccess(t('customers.actions.deleted')),
    onSettled: () => invalidate(LIST_URL),
  });

  const beforeUpload = (file: File) => {
    const problem = documentProblem(file);
    if (problem) showError(t(problem));
    else upload.mutate(file);
    return Upload.LIST_IGNORE;
  };

  const columns: TableColumnsType<CustomerDocument> = [
    { key: 'name', dataIndex: 'name', title: t('customers.documents.name') },
    { key: 'size', title: t('customers.documents.size'), render: (_, row) => formatBytes(row.sizeBytes) },
    { key: 'updatedAt', title: t('customers.documents.updatedAt'), render: (_, row) => showDateTime(row.updatedAt) },
    { key: 'uploadedBy', title: t('customers.documents.uploadedBy'), render: (_, row) => row.uploadedBy ?? '—' },
    {
      key: 'actions',
      title: t('customers.actions.title'),
      render: (_, row) => (
        <Space>
          <GuardedButton
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void download(row, t('customers.documents.downloadFailed'))}
          >
            {t('customers.documents.download')}
          </GuardedButton>
          {canEdit ? (
            <>
              <GuardedButton size="small" icon={<EditOutlined />} onClick={() => setRenaming(row)}>
                {t('customers.documents.rename')}
              </GuardedButton>
              <DeleteButton size="small" onConfirm={() => remove.mutateAsync(row)} />
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<CustomerDocument, object>
        url={LIST_URL}
        rowKey="id"
        columns={columns}
        initialFilters={{}}
        toRequest={() => ({ customerId })}
        defaultPageSize={10}
        toolbar={
          canEdit ? (
            <Space align="center">
              <Upload accept={ACCEPT} showUploadList={false} beforeUpload={beforeUpload} data-testid="document-upload">
                <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                  {t('customers.documents.upload')}
                </Button>
              </Upload>
              <Typography.Text type="secondary">{t('customers.documents.limits')}</Typography.Text>
            </Space>
          ) : null
        }
      />
      {renaming ? <RenameModal document={renaming} onClose={() => setRenaming(null)} /> : null}
    </>
  );
}

function RenameModal({ document, onClose }: { document: CustomerDocument; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const invalidate = useInvalidate();
  const rename = useMutation({
    mutationFn: ({ name }: { name: string }) =>
      post('/customerDocument/rename', { id: document.id, version: document.version, name }),
    onSuccess: () => {
      showSuccess(t('customers.actions.saved'));
      onClose();
    },
    onSettled: () => invalidate(LIST_URL),
  });
  return (
    <ActionModal
      title={t('customers.documents.renameTitle')}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={rename.isPending}
    >
      <Form form={form} layout="vertical" initialValues={{ name: document.name }} onFinish={(values) => rename.mutate(values)}>
        <Form.Item
          name="name"
          label={t('customers.documents.name')}
          extra={t('customers.documents.renameHint')}
          rules={[{ required: true, whitespace: true, message: t('validation.fileNameRequired') }]}
        >
          <Input maxLength={160} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
