import { centsToDecimalText, formatCents, parseMoneyToCents, type Titles } from '@tidyhouse/contract';
import type { FormRule } from 'antd';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { required } from '@/components/formRules';
import { useLocale } from '@/lib/i18n';

/** 'must be between {min} and {max}', as an element so it follows a language switch. */
export function RangeMessage({ min, max }: { min: string; max: string }) {
  const { t } = useTranslation();
  return <>{t('common.form.between', { min, max })}</>;
}

/**
 * A field whose text converts to an integer the API keeps (cents, basis points, minutes) must convert
 * to a value within [min, max]; `show` writes a limit the way the field shows it.
 */
export function convertedRange(
  convert: (text: string) => number | null,
  min: number,
  max: number,
  show: (value: number) => string,
): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const converted = convert(String(value));
      return converted !== null && converted >= min && converted <= max ? Promise.resolve() : Promise.reject(new Error('range'));
    },
    message: <RangeMessage min={show(min)} max={show(max)} />,
  };
}

/** A dollar amount (text with two decimals) within a range given in cents. */
export const centsRule = (min: number, max: number) => convertedRange(parseMoneyToCents, min, max, (c) => formatCents(c));

/** Basis points entered as a percent with two decimals. */
export const percentRule = (minBps: number, maxBps: number) =>
  convertedRange(parseMoneyToCents, minBps, maxBps, (bps) => `${centsToDecimalText(bps)} %`);

/** A field's label: a locale key, or titles in both languages (the contract's quote parameters). */
export type FieldLabel = ParseKeys | Titles;

/**
 * '{field} is required', naming the field as the other screens do; an element, so it follows a
 * language switch (the label is read in the language of the moment).
 */
export function FieldRequiredMessage({ label }: { label: FieldLabel }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const field = typeof label === 'string' ? t(label) : label[locale];
  return <>{t('common.form.fieldRequired', { field })}</>;
}

const namedRequired = (label: FieldLabel, whitespace: boolean): FormRule => ({
  ...required('rule.required', { whitespace }),
  message: <FieldRequiredMessage label={label} />,
});

/** A required text (a name in one language, for example); its input limits the length. */
export const requiredText = (label: FieldLabel): FormRule[] => [namedRequired(label, true)];

/** A required value that is not a text (a number, a date). */
export const requiredValue = (label: FieldLabel): FormRule[] => [namedRequired(label, false)];
