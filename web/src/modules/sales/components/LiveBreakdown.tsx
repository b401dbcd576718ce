import { calculateQuotePrice, type QuoteCalcContext } from '@tidyhouse/contract';
import { Empty, Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';
import { formLines, type QuoteFormValues, toPriceInput } from '../quoteForm';
import { PriceBreakdown } from './PriceBreakdown';

/**
 * The live price: the contract's calculateQuotePrice on the form's values at every change. It watches
 * the form itself, so typing re-renders the breakdown only, not the whole form.
 */
export function LiveBreakdown({ context }: { context: QuoteCalcContext }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = Form.useFormInstance<QuoteFormValues>();
  const values = (Form.useWatch([], form) ?? {}) as Partial<QuoteFormValues>;
  const input = useMemo(() => toPriceInput(values, context), [values, context]);
  const priced = useMemo(() => {
    try {
      return calculateQuotePrice(input, context.parameters);
    } catch {
      return null;
    }
  }, [input, context]);
  if (!priced || priced.calculatedPriceCents + (priced.flatRateCents ?? 0) === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sales.breakdown.empty')} />;

  const byId = new Map(context.priceItems.map((item) => [item.priceItemId, item]));
  const lineNames = formLines(values)
    .map((line) => byId.get(line.priceItemId))
    .filter((item) => item !== undefined)
    .map((item) => (locale === 'zh' ? item.nameZh : item.nameEn));
  return <PriceBreakdown breakdown={priced} lineNames={lineNames} houseSizeSqft={input.houseSizeSqft} />;
}
