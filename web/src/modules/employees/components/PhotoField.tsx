import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EmployeeDetail, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@tidyhouse/contract';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { post } from '@/lib/http';
import { showError, showSuccess } from '@/lib/notify';
import { invalidateEmployee } from '../api';
import { EmployeeAvatar, initialsOf } from './EmployeeAvatar';

/** A photo file as a base64 data URL, the form `/sysUser/uploadPhoto` takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The client's check of a photo file, with the contract's messages: JPEG, PNG or WebP, at most 2 MB. */
export function photoProblem(file: { type: string; size: number }): 'validation.photoFormat' | 'validation.photoTooLarge' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'validation.photoFormat';
  if (file.size > PHOTO_MAX_BYTES) return 'validation.photoTooLarge';
  return null;
}

export interface PhotoFieldProps {
  /** Saved employee: the photo is uploaded at once. Without one (Add Employee) it waits in `pending`. */
  employee?: EmployeeDetail;
  name?: string;
  pending?: string;
  onPending?: (dataUrl: string | undefined) => void;
}

/** The employee's photo with upload and remove (antd Upload; the file never goes to antd's own uploader). */
export function PhotoField({ employee, name = '', pending, onPending }: PhotoFieldProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (dataUrl: string) => post('/sysUser/uploadPhoto', { id: employee?.id, dataUrl }),
    onSuccess: () => showSuccess(t('employees.photo.uploaded')),
    onSettled: () => invalidateEmployee(queryClient, employee?.id),
  });
  const remove = useMutation({
    mutationFn: () => post('/sysUser/removePhoto', { id: employee?.id }),
    onSuccess: () => showSuccess(t('employees.photo.removed')),
    onSettled: () => invalidateEmployee(queryClient, employee?.id),
  });

  const beforeUpload = async (file: File) => {
    const problem = photoProblem(file);
    if (problem) {
      showError(t(problem));
      return Upload.LIST_IGNORE;
    }
    const dataUrl = await readAsDataUrl(file);
    if (employee) upload.mutate(dataUrl);
    else onPending?.(dataUrl);
    return Upload.LIST_IGNORE;
  };

  return (
    <Flex align="center" gap={16} data-testid="photo-field">
      {employee ? (
        <EmployeeAvatar id={employee.id} name={employee.name} photoTag={employee.photoTag} size={80} />
      ) : pending ? (
        <Avatar size={80} src={pending} alt={name} />
      ) : (
        <Avatar size={80}>{initialsOf(name || '?')}</Avatar>
      )}
      <Flex vertical gap={8}>
        <Upload accept={PHOTO_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {employee?.hasPhoto || pending ? t('employees.photo.replace') : t('employees.photo.upload')}
          </Button>
        </Upload>
        {employee?.hasPhoto ? (
          <GuardedButton size="small" icon={<DeleteOutlined />} loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('employees.photo.remove')}
          </GuardedButton>
        ) : null}
        {!employee && pending ? (
          <Button size="small" icon={<DeleteOutlined />} onClick={() => onPending?.(undefined)}>
            {t('employees.photo.remove')}
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('employees.photo.hint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
