import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText, ZCents } from './fields';
import { describeInputIssues, fieldPathLabel, pathLabel } from './issue-messages';

const schema = z.object({
  discountCents: ZCents(100_000_000),
  customerName: requiredText(100),
  salesTaxBps: z.number().int().min(0).max(2500),
  durationMinutes: z.number().int().min(5).max(1440),
  frequency: z.enum(['weekly', 'credit_card']),
  lines: z.array(z.object({ quantity: z.number().int().min(1).max(99) })),
  zip: z.string().regex(/^\d{5}$/, { error: 'rule.usZip' }),
  phone: z.string({ error: 'validation.phoneRequired' }),
});
const valid = {
  discountCents: 0,
  customerName: 'Ann',
  salesTaxBps: 825,
  durationMinutes: 60,
  frequency: 'weekly',
  lines: [{ quantity: 1 }],
  zip: '94110',
  phone: '6505550142',
};
const messageOf = (patch: Record<string, unknown>, locale: 'en' | 'zh') => {
  const issues = describeInputIssues(schema, { ...valid, ...patch }, locale);
  expect(issues).toHaveLength(1);
  return issues[0]!.message;
};

describe('validation messages in the user words', () => {
  it('says a money range in dollars, both languages', () => {
    expect(messageOf({ discountCents: -5 }, 'en')).toBe('Discount must be between $0.00 and $1,000,000.00');
    expect(messageOf({ discountCents: -5 }, 'zh')).toBe('折扣必须在 $0.00 至 $1,000,000.00 之间');
    expect(messageOf({ discountCents: 1.5 }, 'en')).toBe('Discount must be a whole number');
  });

  it('says percent for basis points and minutes for minutes', () => {
    expect(messageOf({ salesTaxBps: 9999 }, 'en')).toBe('Sales tax must be between 0% and 25%');
    expect(messageOf({ durationMinutes: 2 }, 'en')).toBe('Duration must be between 5 minutes and 1,440 minutes');
    expect(messageOf({ durationMinutes: 2 }, 'zh')).toBe('时长必须在 5 分钟 至 1,440 分钟 之间');
  });

  it('says "required" only for a missing or empty text; a long one says its maximum', () => {
    expect(messageOf({ customerName: 'x'.repeat(101) }, 'en')).toBe('Customer name must be at most 100 characters');
    expect(messageOf({ customerName: 'x'.repeat(101) }, 'zh')).toBe('客户名称不能超过 100 个字符');
    expect(messageOf({ customerName: '  ' }, 'en')).toBe('Customer name is required');
    expect(messageOf({ customerName: undefined }, 'zh')).toBe('客户名称为必填项');
    expect(messageOf({ customerName: 7 }, 'en')).toBe('Customer name must be text');
  });

  it('names enum values in words, not codes', () => {
    expect(messageOf({ frequency: 'daily' }, 'en')).toBe('Frequency must be one of: weekly, credit card');
    expect(messageOf({ frequency: 'daily' }, 'zh')).toBe('服务频率必须是以下之一：每周、信用卡');
  });

  it('names a row of a list and the field in it', () => {
    expect(messageOf({ lines: [{ quantity: 1 }, { quantity: 0 }] }, 'en')).toBe(
      'Lines, item 2: Quantity must be between 1 and 99',
    );
    expect(messageOf({ lines: [{ quantity: 1 }, { quantity: 0 }] }, 'zh')).toBe('明细第 2 项：数量必须在 1 至 99 之间');
    expect(pathLabel(['teamIds', 1], 'en')).toBe('Teams, item 2');
  });

  it('puts the label before a rule key, and shows spec messages as they are', () => {
    expect(messageOf({ zip: '1' }, 'en')).toBe('Zip code must be a US ZIP code (12345 or 12345-6789)');
    expect(messageOf({ phone: undefined }, 'en')).toBe('phone is required');
    expect(messageOf({ phone: undefined }, 'zh')).toBe('电话为必填项');
  });

  it('labels the fields a service names, with no raw path left', () => {
    expect(fieldPathLabel('couponCode', 'zh')).toBe('优惠券代码');
    expect(fieldPathLabel('lines.0.priceItemId', 'en')).toBe('Lines, item 1: Price list entry');
    expect(fieldPathLabel('notInAnySchema', 'en')).toBe('Not in any schema');
  });
});
