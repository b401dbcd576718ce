import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  JOB_IMAGE_KINDS,
  JOB_IMAGE_MAX_BYTES,
  JOB_IMAGE_TYPES,
  type JobDetail,
  type JobImage,
  type JobImageKind,
} from '@tidyhouse/contract';
import { Card, Empty, Flex, Image, Skeleton, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/DeleteButton';
import { GuardedButton } from '@/components/GuardedButton';
import { getBlob, post } from '@/lib/http';
import { showError, showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { useMomentText } from '../shared';
import { JOB_PATHS, useJobChanged } from './api';

/** Why an image cannot be uploaded, checked before sending (the server checks the content again). */
export function imageProblem(file: {
  type: string;
  size: number;
}): 'service.images.badType' | 'validation.fileTooLarge' | 'validation.fileEmpty' | null {
  if (!(JOB_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'service.images.badType';
  if (file.size > JOB_IMAGE_MAX_BYTES) return 'validation.fileTooLarge';
  if (file.size === 0) return 'validation.fileEmpty';
  return null;
}

/** The file as base64 text (without the data-URL prefix). */
function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = String(reader.result);
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Before and after photos: upload (JPEG, PNG, WebP up to 10 MB), preview, remove. */
export function ImagesTab({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const canEdit = useHasPermission('/service/workdeatil');
  const changed = useJobChanged();
  const { job } = detail;
  const upload = useMutation({
    mutationFn: async ({ file, kind }: { file: File; kind: JobImageKind }) =>
      post(JOB_PATHS.uploadImage, { jobId: job.id, kind, name: file.name, contentBase64: await fileToBase64(file) }),
    onSuccess: () => showSuccess(t('service.images.uploaded')),
    onSettled: changed,
  });
  const beforeUpload = (kind: JobImageKind) => (file: File) => {
    const problem = imageProblem(file);
    if (problem) showError(t(problem));
    else upload.mutate({ file, kind });
    return Upload.LIST_IGNORE;
  };

  return (
    <Flex vertical gap={24}>
      {canEdit ? (
        <Space wrap>
          {JOB_IMAGE_KINDS.map((kind) => (
            <Upload
              key={kind}
              accept={JOB_IMAGE_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={beforeUpload(kind)}
              data-testid={`image-upload-${kind}`}
            >
              <GuardedButton icon={<UploadOutlined />} loading={upload.isPending && upload.variables?.kind === kind}>
                {t(`service.images.upload.${kind}`)}
              </GuardedButton>
            </Upload>
          ))}
          <Typography.Text type="secondary">{t('service.images.limits')}</Typography.Text>
        </Space>
      ) : null}
      {JOB_IMAGE_KINDS.map((kind) => {
        const images = detail.images.filter((image) => image.kind === kind);
        return (
          <Flex key={kind} vertical gap={8} data-testid={`images-${kind}`}>
            <Typography.Text strong>{t(`service.images.kinds.${kind}`)}</Typography.Text>
            {images.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('service.images.none')} />
            ) : (
              <Image.PreviewGroup>
                <Flex gap={12} wrap>
                  {images.map((image) => (
                    <ImageCard key={image.id} image={image} canEdit={canEdit} />
                  ))}
                </Flex>
              </Image.PreviewGroup>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The image fetched with the session's token, shown from a blob URL while on screen. */
export function useImageUrl(id: number): string | null {
  const blob = useQuery({
    queryKey: ['job', 'image', id],
    queryFn: () => getBlob(JOB_PATHS.image, { id }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return url;
}

function ImageCard({ image, canEdit }: { image: JobImage; canEdit: boolean }) {
  const { t } = useTranslation();
  const moment = useMomentText();
  const changed = useJobChanged();
  const url = useImageUrl(image.id);
  const remove = useMutation({
    mutationFn: () => post(JOB_PATHS.removeImage, { id: image.id }),
    onSuccess: () => showSuccess(t('service.images.removed')),
    onSettled: changed,
  });
  return (
    <Card size="small" style={{ width: 200 }} data-testid="job-image">
      <Flex vertical gap={6}>
        {url ? (
          <Image src={url} alt={image.name} width={176} height={132} style={{ objectFit: 'cover' }} />
        ) : (
          <Skeleton.Image active />
        )}
        <Typography.Text ellipsis={{ tooltip: image.name }}>{image.name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {moment(image.uploadedAt)} {image.uploadedBy?.name ?? ''}
        </Typography.Text>
        <Flex justify="space-between" align="center">
          <Tag>{t(`service.images.kinds.${image.kind}`)}</Tag>
          {canEdit ? <DeleteButton size="small" iconOnly onConfirm={() => remove.mutateAsync()} /> : null}
        </Flex>
      </Flex>
    </Card>
  );
}
