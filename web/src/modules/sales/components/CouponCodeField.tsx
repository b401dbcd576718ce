import {
  Code,
  type CouponCheck,
  calculateQuotePrice,
  centsToDecimalText,
  formatCents,
  type QuoteCalcContext,
} from '@tidyhouse/contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { type QuoteFormValues, toPriceInput } from '../quoteForm';

type Issues = { issues?: { field: string; message: string }[] } | null;

/**
 * The coupon code: checked against its campaign when the field is left (approved, active, within its
 * dates on the quote date). A valid one fills the coupon amount the server will also work out (its
 * value, limited by the maximum discount); a refused one says why under the field.
 */
export function CouponCodeField({ context }: { context: QuoteCalcContext }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = Form.useFormInstance<QuoteFormValues>();
  const [hint, setHint] = useState<string | null>(null);

  const check = async () => {
    const couponCode = String(form.getFieldValue('couponCode') ?? '').trim();
    setHint(null);
    if (couponCode === '') return;
    const values = form.getFieldsValue(true) as QuoteFormValues;
    let basePriceCents = 0;
    let roomCents = Number.MAX_SAFE_INTEGER;
    try {
      const input = toPriceInput(values, context);
      const priced = calculateQuotePrice({ ...input, couponDiscountCents: 0 }, context.parameters);
      basePriceCents = priced.basePriceCents;
      roomCents = Math.max(0, priced.maxDiscountCents - input.discountCents);
    } catch {
      // An incomplete form prices nothing yet: the server works the amount out on save.
    }
    try {
      const coupon = await post<CouponCheck>('/campaign/checkCoupon', {
        couponCode,
        serviceDate: context.quoteDate,
        basePriceCents,
      });
      form.setFields([{ name: 'couponCode', errors: [] }]);
      form.setFieldValue('couponDiscount', centsToDecimalText(Math.min(coupon.discountCents, roomCents)));
      const value =
        coupon.couponKind === 'percent' ? `${centsToDecimalText(coupon.couponValue)} %` : formatCents(coupon.couponValue, locale);
      setHint(t('sales.form.couponApplies', { campaign: coupon.sourceName, value }));
    } catch (error) {
      const issue =
        error instanceof ApiError && error.code === Code.INVALID_INPUT ? (error.data as Issues)?.issues?.[0] : undefined;
      if (issue) form.setFields([{ name: 'couponCode', errors: [issue.message] }]);
    }
  };

  return (
    <Form.Item name="couponCode" label={t('sales.fields.couponCode')} extra={hint} data-testid="coupon-code">
      <Input maxLength={32} onBlur={() => void check()} onChange={() => setHint(null)} />
    </Form.Item>
  );
}
