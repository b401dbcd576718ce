import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_TITLES, auditValueText, renderAuditSummary } from './audit-texts';

describe('operation log texts', () => {
  it('renders a summary from its facts with codes and money in the viewer language', () => {
    const entry = {
      module: 'customers',
      action: 'addRefund',
      details: { params: { amountCents: 123_456, reason: 'customer_dissatisfied', status: 'refunded', customerId: 7 } },
    };
    expect(renderAuditSummary(entry, 'zh')).toBe('为客户 #7 退款 $1,234.56（客户不满意，已退款）');
    expect(renderAuditSummary(entry, 'en')).toBe('Refund of $1,234.56 (customer dissatisfied, refunded) for customer #7');
  });

  it('names bilingual records in the viewer language and falls back to the generic record template', () => {
    const entry = {
      module: 'laborTypes',
      action: 'remove',
      details: { params: { kind: 'laborType', nameEn: 'Travel', nameZh: '路途' } },
    };
    expect(renderAuditSummary(entry, 'zh')).toBe('删除了工种「路途」');
    expect(renderAuditSummary(entry, 'en')).toBe('Removed labor type "Travel"');
  });

  it('leaves an entry without facts or template to its stored text', () => {
    expect(renderAuditSummary({ module: 'x', action: 'add', details: null }, 'zh')).toBeNull();
    expect(renderAuditSummary({ module: 'x', action: 'unknown', details: { params: {} } }, 'zh')).toBeNull();
  });

  it('titles the actions the issue named, and values', () => {
    for (const action of ['changeTeam', 'freeze', 'revealCode'])
      expect(AUDIT_ACTION_TITLES[action]?.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(auditValueText(['office_safe', null], 'zh')).toBe('办公室保险箱, —');
  });
});
