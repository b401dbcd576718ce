import {
  centsToDecimalText,
  formatGiftNumber,
  GIFT_AMOUNT_MAX_CENTS,
  GIFT_PURCHASE_METHODS,
  type GiftCertificate,
  type GiftCertificateAddRequest,
  type GiftPurchaseMethod,
  LOCALES,
  type Locale,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import { Alert, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { FormModal } from '@/components/FormModal';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { useBusinessToday } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { centsRule, requiredValue } from '../../system/components/rules';

export const GIFT_LIST_URL = '/giftCertificate/queryList';
export const giftDetailKey = (id: number) => ['giftCertificate', 'detail', id] as const;

interface GiftValues {
  purchaseAmount: string;
  certificateAmount: string;
  purchaseMethod: GiftPurchaseMethod;
  purchasedOn: Dayjs;
  sentOn?: Dayjs | null;
  purchaserName: string;
  purchaserPhone?: string;
  purchaserEmail?: string;
  recipientName: string;
  recipientPhone?: string;
  recipientEmail?: string;
  language: Locale;
  serviceDescription?: string;
  message?: string;
  officeNotes?: string;
}

const toValues = (row: GiftCertificate): GiftValues => ({
  purchaseAmount: centsToDecimalText(row.purchaseAmountCents),
  certificateAmount: centsToDecimalText(row.certificateAmountCents),
  purchaseMethod: row.purchaseMethod,
  purchasedOn: dayjs(row.purchasedOn),
  sentOn: row.sentOn ? dayjs(row.sentOn) : null,
  purchaserName: row.purchaserName,
  purchaserPhone: row.purchaserPhone,
  purchaserEmail: row.purchaserEmail,
  recipientName: row.recipientName,
  recipientPhone: row.recipientPhone,
  recipientEmail: row.recipientEmail,
  language: row.language,
  serviceDescription: row.serviceDescription,
  message: row.message,
  officeNotes: row.officeNotes,
});

const toRequest = (v: GiftValues): GiftCertificateAddRequest => ({
  purchaserCustomerId: null,
  purchaseAmountCents: parseMoneyToCents(v.purchaseAmount ?? '') ?? 0,
  certificateAmountCents: parseMoneyToCents(v.certificateAmount ?? '') ?? 0,
  purchaseMethod: v.purchaseMethod,
  purchasedOn: v.purchasedOn.format('YYYY-MM-DD'),
  sentOn: v.sentOn ? v.sentOn.format('YYYY-MM-DD') : null,
  purchaserName: v.purchaserName.trim(),
  purchaserPhone: v.purchaserPhone?.trim() ?? '',
  purchaserEmail: v.purchaserEmail?.trim() ?? '',
  recipientName: v.recipientName.trim(),
  recipientPhone: v.recipientPhone?.trim() ?? '',
  recipientEmail: v.recipientEmail?.trim() ?? '',
  language: v.language,
  serviceDescription: v.serviceDescription?.trim() ?? '',
  message: v.message?.trim() ?? '',
  officeNotes: v.officeNotes?.trim() ?? '',
});

/** Sell (no `id`) or edit a certificate. The amounts are locked once any of it was redeemed. */
export function GiftCertificateModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const today = useBusinessToday();
  const recordForm = useRecordForm<GiftValues, GiftCertificate>({
    load: id
      ? { queryKey: giftDetailKey(id), queryFn: () => post<GiftCertificate>('/giftCertificate/detail', { id }), toValues }
      : undefined,
    submit: (values, record) =>
      record
        ? post<GiftCertificate>('/giftCertificate/update', { id: record.id, version: record.version, ...toRequest(values) })
        : post<GiftCertificate>('/giftCertificate/add', toRequest(values)).then((sold) => {
            showSuccess(t('marketing.gift.sold', { number: formatGiftNumber(sold.number) }));
            return sold;
          }),
    invalidates: [listQueryKey(GIFT_LIST_URL), ['giftCertificate']],
    onSaved: onClose,
    reloadAfterSave: false,
  });
  const record = recordForm.record;
  const amountsLocked = Boolean(record && (record.redeemed || record.status !== 'active'));
  const method = Form.useWatch('purchaseMethod', recordForm.form) as GiftPurchaseMethod | undefined;

  return (
    <FormModal
      title={record ? t('marketing.gift.editTitle', { number: formatGiftNumber(record.number) }) : t('marketing.gift.sellTitle')}
      recordForm={recordForm}
      onClose={onClose}
      width={720}
      initialValues={{ purchaseMethod: 'credit_card', purchasedOn: today, language: 'en' }}
    >
      {amountsLocked ? (
        <Alert type="info" showIcon title={t('marketing.gift.amountsLocked')} style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="certificateAmount"
            label={t('marketing.gift.certificateAmount')}
            rules={[...requiredValue('marketing.gift.certificateAmount'), centsRule(100, GIFT_AMOUNT_MAX_CENTS)]}
          >
            <DecimalInput prefix="$" disabled={amountsLocked} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="purchaseMethod" label={t('marketing.gift.purchaseMethod')}>
            <Select
              disabled={amountsLocked}
              options={GIFT_PURCHASE_METHODS.map((m) => ({ value: m, label: t(`marketing.gift.purchaseMethods.${m}`) }))}
              onChange={(value: GiftPurchaseMethod) => {
                if (value === 'complimentary') recordForm.form.setFieldValue('purchaseAmount', '0.00');
              }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="purchaseAmount"
            label={t('marketing.gift.purchaseAmount')}
            rules={
              method === 'complimentary'
                ? []
                : [...requiredValue('marketing.gift.purchaseAmount'), centsRule(1, GIFT_AMOUNT_MAX_CENTS)]
            }
          >
            <DecimalInput prefix="$" disabled={amountsLocked || method === 'complimentary'} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="purchasedOn"
            label={t('marketing.gift.purchasedOn')}
            rules={requiredValue('marketing.gift.purchasedOn')}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="sentOn" label={t('marketing.gift.sentOn')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="language" label={t('marketing.gift.language')}>
            <Select options={LOCALES.map((l) => ({ value: l, label: t(`marketing.gift.languages.${l}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="purchaserName"
            label={t('marketing.gift.purchaser')}
            rules={[required('validation.purchaserRequired')]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="purchaserPhone" label={t('marketing.gift.purchaserPhone')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="purchaserEmail" label={t('marketing.gift.purchaserEmail')}>
            <Input maxLength={160} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="recipientName"
            label={t('marketing.gift.recipient')}
            rules={[required('validation.recipientRequired')]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="recipientPhone" label={t('marketing.gift.recipientPhone')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="recipientEmail" label={t('marketing.gift.recipientEmail')}>
            <Input maxLength={160} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="serviceDescription" label={t('marketing.gift.serviceDescription')}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="message" label={t('marketing.gift.message')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="officeNotes" label={t('marketing.gift.officeNotes')} extra={t('marketing.gift.noExpiry')}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}
