import { useQuery } from '@tanstack/react-query';
import { formatCents, type GiftCertificateLookup, giftNumberDigits, isGiftCertificateNumber } from '@tidyhouse/contract';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { required, ValidationMessage } from '@/components/formRules';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';

/** What the payment forms show under the number: the recipient and the balance, or why it cannot pay. */
function LookupLine({ number, amountCents }: { number: string; amountCents: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const digits = giftNumberDigits(number ?? '');
  const valid = isGiftCertificateNumber(digits);
  const lookup = useQuery({
    queryKey: ['giftCertificate', 'lookup', digits],
    queryFn: () => post<GiftCertificateLookup>('/giftCertificate/lookup', { number: digits }),
    enabled: valid,
    retry: false,
    staleTime: 0,
  });
  if (!valid) return null;
  if (lookup.isPending) return <Typography.Text type="secondary">{t('common.giftCertificate.lookup.checking')}</Typography.Text>;
  if (lookup.isError) return <Typography.Text type="danger">{(lookup.error as Error).message}</Typography.Text>;
  const found = lookup.data;
  const amount = formatCents(found.balanceCents, locale);
  if (found.status === 'voided')
    return <Typography.Text type="danger">{t('common.giftCertificate.lookup.voided')}</Typography.Text>;
  if (found.balanceCents === 0) return <Typography.Text type="danger">{t('common.giftCertificate.lookup.zero')}</Typography.Text>;
  return (
    <Typography.Text
      type={amountCents !== null && amountCents > found.balanceCents ? 'danger' : 'success'}
      data-testid="gift-balance"
    >
      {amountCents !== null && amountCents > found.balanceCents
        ? t('common.giftCertificate.lookup.over', { amount })
        : t('common.giftCertificate.lookup.balance', { recipient: found.recipientName, amount })}
    </Typography.Text>
  );
}

/**
 * The certificate number of a payment by gift certificate (its texts are in the common strings: the
 * customers', the jobs' and the office day's screens show it): checked as typed (16 digits, the check
 * digit), then looked up so the office sees the balance before saving. The server decides under the
 * certificate's lock; this only spares a round trip for a typo.
 */
export function GiftNumberField({ amountCents, name = 'giftCertificateNumber' }: { amountCents: number | null; name?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const number = Form.useWatch(name, form) as string | undefined;
  return (
    <Form.Item
      name={name}
      label={t('common.giftCertificate.number')}
      rules={[
        required('validation.giftNumberRequired'),
        {
          validator: (_rule, value: unknown) =>
            typeof value !== 'string' || value.trim() === '' || isGiftCertificateNumber(value)
              ? Promise.resolve()
              : Promise.reject(new Error('rule.giftNumber')),
          message: <ValidationMessage messageKey="rule.giftNumber" />,
        },
      ]}
      extra={<LookupLine number={number ?? ''} amountCents={amountCents} />}
    >
      <Input maxLength={24} inputMode="numeric" placeholder="0000 0000 0000 0000" autoComplete="off" />
    </Form.Item>
  );
}
