import type { z } from 'zod';
import type { AnswerLocale } from './constants';
import { FIELD_LABELS_ES, ISSUE_TEXTS_ES, VALUE_TITLES_ES } from './field/spanish';
import { fieldLabelOf } from './field-labels';
import { isMessageKey, isRuleKey, translateMessage } from './messages';
import { formatCents } from './money';
import { AUDIT_VALUE_TITLES } from './system/audit-texts';

/**
 * A refused input described in the user's words (issue 23): the field by its label (`FIELD_LABELS`),
 * the rule by what is allowed, in the field's unit (dollars, percent, minutes). Zod's own wording never
 * reaches a user: schemas are parsed with `noSchemaMessage`, so an issue without a message of its own
 * carries `NO_MESSAGE` and is worded here from its kind. Spec messages (`validation.*`) stay as they are.
 */

/** What the error map answers where a schema gives no message of its own. */
export const NO_MESSAGE = '\u0000issue';
export const noSchemaMessage = (): string => NO_MESSAGE;

/** The part of a Zod issue the wording needs (parse with `reportInput: true` to have `input`). */
export interface IssueFacts {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  divisor?: number;
  values?: readonly unknown[];
}

/** The bounds a number field's schema declares, for "between … and …". */
export interface NumberBounds {
  min?: number;
  max?: number;
}

type Texts = Record<string, string>;
const TEXTS: Record<AnswerLocale, Texts> = {
  es: ISSUE_TEXTS_ES,
  en: {
    request: 'Request',
    item: '{list}, item {n}',
    labelled: '{label} {rule}',
    labelledText: '{label}: {rule}',
    required: 'is required',
    text: 'must be text',
    number: 'must be a number',
    int: 'must be a whole number',
    boolean: 'must be yes or no',
    list: 'must be a list',
    form: 'is not in the expected form',
    between: 'must be between {min} and {max}',
    atLeast: 'must be at least {min}',
    moreThan: 'must be more than {min}',
    atMost: 'must be at most {max}',
    lessThan: 'must be less than {max}',
    charsAtLeast: 'must be at least {n} characters',
    charsAtMost: 'must be at most {n} characters',
    charsExactly: 'must be exactly {n} characters',
    itemsAtLeast: 'must hold at least {n} items',
    itemsAtMost: 'must hold at most {n} items',
    oneItem: 'must hold at least one item',
    multipleOf: 'must be a multiple of {n}',
    oneOf: 'must be one of: {values}',
    format: 'is not in the expected format',
    unknownKeys: 'holds fields this form does not have',
    invalid: 'is not valid',
    minutes: '{n} minutes',
    miles: '{n} miles',
    listSeparator: ', ',
  },
  zh: {
    request: '请求',
    item: '{list}第 {n} 项：',
    labelled: '{label}{rule}',
    labelledText: '{label}：{rule}',
    required: '为必填项',
    text: '必须是文本',
    number: '必须是数字',
    int: '必须是整数',
    boolean: '必须是“是”或“否”',
    list: '必须是列表',
    form: '格式不正确',
    between: '必须在 {min} 至 {max} 之间',
    atLeast: '不能小于 {min}',
    moreThan: '必须大于 {min}',
    atMost: '不能大于 {max}',
    lessThan: '必须小于 {max}',
    charsAtLeast: '至少需要 {n} 个字符',
    charsAtMost: '不能超过 {n} 个字符',
    charsExactly: '必须正好是 {n} 个字符',
    itemsAtLeast: '至少需要 {n} 项',
    itemsAtMost: '最多只能有 {n} 项',
    oneItem: '至少需要一项',
    multipleOf: '必须是 {n} 的倍数',
    oneOf: '必须是以下之一：{values}',
    format: '格式不正确',
    unknownKeys: '包含此表单没有的字段',
    invalid: '无效',
    minutes: '{n} 分钟',
    miles: '{n} 英里',
    listSeparator: '、',
  },
};

function fill(locale: AnswerLocale, key: string, params: Record<string, string | number> = {}): string {
  return (TEXTS[locale][key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** "someField" → "Some field": only for a name the dictionary lacks (a key no schema knows). */
function humanize(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label of a path: its innermost labelled field; a list element adds its row in words
 * (`lines.2.discountCents` → "Lines, item 3: Discount", `teamIds.1` → "Teams, item 2").
 */
export function pathLabel(path: readonly PropertyKey[], locale: AnswerLocale): string {
  const names = path.map(String);
  const last = names.length - 1;
  if (last < 0) return fill(locale, 'request');
  const labelOf = (name: string) =>
    (locale === 'es' && Object.hasOwn(FIELD_LABELS_ES, name)
      ? FIELD_LABELS_ES[name]
      : fieldLabelOf(name, locale === 'zh' ? 'zh' : 'en')) ?? humanize(name);
  const isIndex = (segment: string) => /^\d+$/.test(segment);
  let end = last;
  while (end >= 0 && isIndex(names[end]!)) end--;
  if (end < 0) return fill(locale, 'request');
  const label = labelOf(names[end]!);
  // The nearest row above the field (or the field's own element when the path ends on an index).
  const rowAt = end < last ? end + 1 : names.slice(0, end).findLastIndex(isIndex);
  if (rowAt <= 0) return label;
  const listName = names.slice(0, rowAt).findLast((segment) => !isIndex(segment));
  if (listName === undefined) return label;
  const row = fill(locale, 'item', { list: labelOf(listName), n: Number(names[rowAt]) + 1 });
  if (end < last) return row.replace(/[：:]$/, '');
  return locale === 'zh' ? `${row}${label}` : `${row}: ${label}`;
}

/** A number of the field's unit, as the screens show it: `…Cents` dollars, `…Bps` percent, minutes, miles. */
export function formatFieldNumber(field: string, value: number, locale: AnswerLocale): string {
  if (/Cents$|^centsPerHour$/.test(field)) return formatCents(value, locale === 'zh' ? 'zh' : 'en');
  if (/Bps$/.test(field)) return `${(value / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
  if (/TenthMiles$/.test(field)) return fill(locale, 'miles', { n: (value / 10).toLocaleString('en-US') });
  if (/minutes/i.test(field)) return fill(locale, 'minutes', { n: value.toLocaleString('en-US') });
  return value.toLocaleString('en-US');
}

/** A code of an enum in words: its title where the contract has one, else the code made readable. */
function valueInWords(value: unknown, locale: AnswerLocale): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (locale === 'es' && Object.hasOwn(VALUE_TITLES_ES, value)) return VALUE_TITLES_ES[value]!;
  const title = Object.hasOwn(AUDIT_VALUE_TITLES, value) ? AUDIT_VALUE_TITLES[value] : undefined;
  return title?.[locale === 'es' ? 'en' : locale] ?? humanize(value).toLowerCase();
}

const SAFE = Number.MAX_SAFE_INTEGER;
const bound = (value: number | bigint | undefined) =>
  value === undefined || Math.abs(Number(value)) >= SAFE || !Number.isFinite(Number(value)) ? undefined : Number(value);

function numberRule(issue: IssueFacts, field: string, bounds: NumberBounds, locale: AnswerLocale): string {
  const show = (n: number) => formatFieldNumber(field, n, locale);
  const min = bounds.min ?? bound(issue.minimum);
  const max = bounds.max ?? bound(issue.maximum);
  const inclusive = issue.inclusive !== false;
  if (min !== undefined && max !== undefined && inclusive) return fill(locale, 'between', { min: show(min), max: show(max) });
  if (issue.code === 'too_small' && min !== undefined)
    return fill(locale, inclusive ? 'atLeast' : 'moreThan', { min: show(min) });
  if (issue.code === 'too_big' && max !== undefined) return fill(locale, inclusive ? 'atMost' : 'lessThan', { max: show(max) });
  return fill(locale, 'number');
}

function sizeRule(issue: IssueFacts, field: string, bounds: NumberBounds, locale: AnswerLocale): string {
  const n = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  if (issue.origin === 'number' || issue.origin === 'bigint') return numberRule(issue, field, bounds, locale);
  if (issue.origin === 'string') {
    if (issue.exact) return fill(locale, 'charsExactly', { n });
    if (issue.code === 'too_small') return n <= 1 ? fill(locale, 'required') : fill(locale, 'charsAtLeast', { n });
    return fill(locale, 'charsAtMost', { n });
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (issue.code === 'too_small') return n <= 1 ? fill(locale, 'oneItem') : fill(locale, 'itemsAtLeast', { n });
    return fill(locale, 'itemsAtMost', { n });
  }
  return fill(locale, 'invalid');
}

function typeRule(issue: IssueFacts, locale: AnswerLocale): string {
  if (issue.input === undefined || issue.input === null) return fill(locale, 'required');
  switch (issue.expected) {
    case 'string':
      return fill(locale, 'text');
    case 'int':
      return fill(locale, typeof issue.input === 'number' && Number.isFinite(issue.input) ? 'int' : 'number');
    case 'number':
    case 'bigint':
      return fill(locale, 'number');
    case 'boolean':
      return fill(locale, 'boolean');
    case 'array':
    case 'tuple':
    case 'set':
      return fill(locale, 'list');
    default:
      return fill(locale, 'form');
  }
}

/** What the rule of an issue without a message of its own allows, in words. */
export function ruleOf(issue: IssueFacts, locale: AnswerLocale, bounds: NumberBounds = {}): string {
  const field = String(issue.path.findLast((segment) => typeof segment === 'string') ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return typeRule(issue, locale);
    case 'too_small':
    case 'too_big':
      return sizeRule(issue, field, bounds, locale);
    case 'not_multiple_of':
      return fill(locale, 'multipleOf', { n: formatFieldNumber(field, Number(issue.divisor), locale) });
    case 'invalid_value': {
      const separator = fill(locale, 'listSeparator');
      return fill(locale, 'oneOf', { values: (issue.values ?? []).map((v) => valueInWords(v, locale)).join(separator) });
    }
    case 'invalid_format':
      return issue.format === 'email' ? translateMessage('rule.email', locale) : fill(locale, 'format');
    case 'unrecognized_keys':
      return fill(locale, 'unknownKeys');
    default:
      return fill(locale, 'invalid');
  }
}

/**
 * The message of one issue: a spec message (`validation.*`, `coupon.*`) as it is; otherwise the
 * field's label and its rule (a `rule.*` key, or the wording of the issue's kind).
 */
export function issueMessage(issue: IssueFacts, locale: AnswerLocale, bounds: NumberBounds = {}): string {
  if (isMessageKey(issue.message) && !isRuleKey(issue.message)) return translateMessage(issue.message, locale);
  const label = pathLabel(issue.path, locale);
  if (issue.message === NO_MESSAGE) return fill(locale, 'labelled', { label, rule: ruleOf(issue, locale, bounds) });
  if (isRuleKey(issue.message)) return fill(locale, 'labelled', { label, rule: translateMessage(issue.message, locale) });
  return fill(locale, 'labelledText', { label, rule: issue.message });
}

/** The label of a field path a service names in a 10001 (`lines.2.quantity`; several joined by ", "). */
export function fieldPathLabel(field: string, locale: AnswerLocale): string {
  const toPath = (one: string) => one.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  return field
    .split(', ')
    .map((one) => pathLabel(toPath(one), locale))
    .join(fill(locale, 'listSeparator'));
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schema of the value at `path` (through wrappers, pipes, lists, records and unions). */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: unknown = schema;
  for (let i = 0; i <= path.length; i++) {
    for (let guard = 0; guard < 32; guard++) {
      const def = defOf(current);
      if (!def) return undefined;
      if ('innerType' in def) current = def.innerType;
      else if (def.type === 'pipe') current = def.in;
      else if (def.type === 'lazy') current = (def.getter as () => unknown)();
      else break;
    }
    if (i === path.length) return current as z.ZodType;
    const def = defOf(current)!;
    const segment = path[i]!;
    if (def.type === 'object') current = (def.shape as Record<string, unknown>)[String(segment)];
    else if (def.type === 'array') current = def.element;
    else if (def.type === 'record') current = def.valueType;
    else if (def.type === 'union') {
      const options = def.options as unknown[];
      current = options.map((option) => schemaAt(option as z.ZodType, path.slice(i))).find((found) => found !== undefined);
      return current as z.ZodType | undefined;
    } else return undefined;
  }
  return undefined;
}

/** The declared bounds of a number field (both ends, so a refusal can say "between … and …"). */
export function numberBoundsAt(schema: z.ZodType, path: readonly PropertyKey[]): NumberBounds {
  const field = schemaAt(schema, path) as { minValue?: number | null; maxValue?: number | null } | undefined;
  const min = bound(field?.minValue ?? undefined);
  const max = bound(field?.maxValue ?? undefined);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Every issue of an input refused by `schema`, each naming its field in the user's words. */
export function describeInputIssues(
  schema: z.ZodType,
  input: unknown,
  locale: AnswerLocale,
): { field: string; message: string }[] {
  const result = schema.safeParse(input, { error: noSchemaMessage, reportInput: true });
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const facts = issue as unknown as IssueFacts;
    const numeric = issue.code === 'too_small' || issue.code === 'too_big' ? numberBoundsAt(schema, issue.path) : {};
    return { field: issue.path.join('.') || 'request', message: issueMessage(facts, locale, numeric) };
  });
}
