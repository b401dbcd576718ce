import {
  checkFormNumber,
  formatRangeValue,
  isNegativeDecimalField,
  type MessageKey,
  type NumberRange,
  PASSWORD_MIN_LENGTH,
} from '@tidyhouse/contract';
import type { FormRule } from 'antd';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Form rules whose messages are the contract's spec §5 messages. The message is an element, so an
 * error already on screen follows a language switch without validating again.
 */
export function ValidationMessage({ messageKey }: { messageKey: MessageKey }) {
  const { t } = useTranslation();
  return <>{t(messageKey)}</>;
}

const message = (messageKey: MessageKey) => <ValidationMessage messageKey={messageKey} />;

/** Whether a field's value counts as not given: nothing, empty (or, with `whitespace`, blank) text, an empty list. */
export function isEmptyValue(value: unknown, whitespace = true): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return (whitespace ? value.trim() : value) === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * A required field of any kind (text, a select's number, a date picker's value, a list); blank text
 * counts as empty unless `whitespace` is false (passwords). A validator of its own, because the
 * validator's `whitespace` check would type the field as text and refuse a number or a date.
 */
export function required(messageKey: MessageKey, { whitespace = true }: { whitespace?: boolean } = {}): FormRule {
  return {
    required: true,
    message: message(messageKey),
    validator: (_rule, value: unknown) =>
      isEmptyValue(value, whitespace) ? Promise.reject(new Error(messageKey)) : Promise.resolve(),
  };
}

/**
 * A numeric field (DecimalInput) where a negative makes no sense: '-5' is refused with a message,
 * never turned silently into 0.00.
 */
export function notNegative(): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && isNegativeDecimalField(value) ? Promise.reject(new Error('negative')) : Promise.resolve(),
    message: message('rule.notNegative'),
  };
}

/** Which sentence says a range best: whole numbers, more than zero, tenths, or plain bounds. */
function rangeVariant(range: NumberRange): 'whole' | 'positive' | 'tenths' | 'between' {
  if (range.unit === 'count' || range.unit === 'minutes') return 'whole';
  // More than zero when the least allowed is one cent (or tenth): 'more than $0.00' says it best.
  if (range.min === 1) return 'positive';
  return range.unit === 'tenthMiles' ? 'tenths' : 'between';
}

/** "Team size must be a whole number from 1 to 20": the field's label and its range, in the current language. */
export function RangeMessage({ range, labelKey }: { range: NumberRange; labelKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`common.form.range.${rangeVariant(range)}`, {
        field: t(labelKey),
        min: formatRangeValue(range.min, range.unit),
        max: formatRangeValue(range.max, range.unit),
        zero: formatRangeValue(0, range.unit),
      })}
    </>
  );
}

/**
 * A numeric field (DecimalInput text or InputNumber number) checked on save against its range in
 * the contract (`NUMBER_RANGES`, the same the server's schema reads): out of range, a count that is
 * not whole, or 0.00 where more than zero is needed is refused under the field, never clamped or
 * rounded. Empty passes: pair it with `required()` when the field must be filled. `labelKey` names
 * the field in the message.
 */
export function numberRange(range: NumberRange, labelKey: ParseKeys): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      checkFormNumber(value, range).kind === 'refused' ? Promise.reject(new Error('range')) : Promise.resolve(),
    message: <RangeMessage range={range} labelKey={labelKey} />,
  };
}

/** The contract's minimum password length. */
export function passwordLength(): FormRule {
  return { min: PASSWORD_MIN_LENGTH, message: message('validation.passwordTooShort') };
}

/**
 * The verify-password field must equal `field` ('The password is inconsistent twice!').
 * Give its Form.Item `dependencies={[field]}` so editing the first field re-checks it.
 */
export function samePassword(field = 'password'): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error('passwordMismatch')),
    message: message('validation.passwordMismatch'),
  });
}

/** What a contract field schema offers a form: a check of one value (Zod's safeParse). */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

/**
 * A field checked with the contract's own schema (`ZUsZip`, `ZPhone`, …), so the form and the server
 * apply one rule; the message is the contract key the schema uses (`rule.usZip`). Empty values pass:
 * pair it with `required()` when the field must be filled.
 */
export function contractRule(schema: FieldSchema, messageKey: MessageKey): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(messageKey)),
    message: message(messageKey),
  };
}
