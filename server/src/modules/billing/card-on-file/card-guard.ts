import { Code, containsCardNumber, fieldPathLabel } from '@tidyhouse/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors';
import type { FieldIssue } from '../../../platform/http';
import { translate } from '../../../platform/messages';

/** Fields holding file content (base64), not typed text: left out of the walk. */
const CONTENT_FIELDS = new Set(['contentBase64']);

function walk(value: unknown, path: string[], found: string[], depth: number): void {
  if (depth > 12) return;
  if (typeof value === 'string') {
    if (containsCardNumber(value)) found.push(path.join('.') || 'request');
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, [...path, String(index)], found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!CONTENT_FIELDS.has(key)) walk(item, [...path, key], found, depth + 1);
    }
  }
}

/** The fields of a body that hold something looking like a full card number. */
export function cardNumberFields(body: unknown): string[] {
  const found: string[] = [];
  walk(body, [], found, 0);
  return found;
}

/**
 * The card rule (docs/business-rules.md "Card details"): a request carrying something that looks
 * like a full card number in any string field, known to the schema or not, is refused with 10001
 * before anything reads it, so it can reach neither the database nor the operation log.
 */
export function rejectCardNumbers(body: unknown, request: FastifyRequest): void {
  const fields = cardNumberFields(body);
  if (fields.length === 0) return;
  const rule = translate(request.locale, 'validation.cardNumberNotAllowed');
  const issues: FieldIssue[] = fields.map((field) => ({
    field,
    message: translate(request.locale, 'error.invalidInput', { field: fieldPathLabel(field, request.locale), rule }),
  }));
  throw new AppError(Code.INVALID_INPUT, 'error.invalidInput', { field: fields.join(', '), rule }, { issues });
}
