import { EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { CodeField } from '@tidyhouse/contract';
import { Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { post } from '@/lib/http';

export const REVEAL_MS = 30_000;

/**
 * A masked code with an eye button (only for roles with customer:keys:reveal): the server logs who saw
 * which code and answers it; it shows for 30 seconds, then is masked again.
 */
export function RevealCode({
  locationId,
  field,
  masked,
  canReveal,
}: {
  locationId: number;
  field: CodeField;
  masked: string;
  canReveal: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => post<{ value: string }>('/customerKey/reveal', { locationId, field }),
    onSuccess: ({ value }) => setShown(value),
  });
  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!masked) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4}>
      <Typography.Text code data-testid={`code-${field}-${locationId}`} type={shown === null ? undefined : 'danger'}>
        {shown ?? masked}
      </Typography.Text>
      {canReveal && shown === null ? (
        <Tooltip title={t('customers.keys.reveal')}>
          <GuardedButton
            size="small"
            type="text"
            icon={<EyeOutlined />}
            aria-label={t('customers.keys.revealField', { field: t(`customers.enums.codeField.${field}`) })}
            loading={reveal.isPending}
            onClick={() => reveal.mutate()}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}
