import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_TITLES, AUDIT_SUMMARIES, auditValueText, renderAuditSummary } from './audit-texts';

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

describe('operation log templates', () => {
  // A counted noun ({count:employee|employees}) is the same fact as a plain {count}.
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1]).sort();

  it('count in English by plural rules: no "(s)", and a number before a plural noun only in a counted form', () => {
    for (const [key, titles] of Object.entries(AUDIT_SUMMARIES)) {
      expect(titles.en, key).not.toMatch(/\((s|es|ies)\)/);
      // The facts that are counts, followed by a plural noun ("{jobs} jobs" reads "1 jobs").
      expect(titles.en, key).not.toMatch(/\{(count|jobs|bytes|logins|operations|cancelled|created|\w+Count)\} \w+s\b/);
    }
    const approved = (count: number) =>
      renderAuditSummary(
        { module: 'timeCards', action: 'approvePeriod', details: { params: { start: '2026-11-01', end: '2026-11-14', count } } },
        'en',
      );
    expect(approved(1)).toBe('Approved the pay period 2026-11-01 – 2026-11-14 for 1 employee');
    expect(approved(3)).toBe('Approved the pay period 2026-11-01 – 2026-11-14 for 3 employees');
    const cleared = renderAuditSummary(
      {
        module: 'logs',
        action: 'clear',
        details: { params: { target: 'logs', date: '2026-01-01', option: 'all', logins: 1, operations: 2 } },
      },
      'en',
    );
    expect(cleared).toContain('1 login attempt, 2 operation entries deleted');
  });

  it('say the same facts in both languages', () => {
    for (const [key, titles] of Object.entries(AUDIT_SUMMARIES))
      expect(placeholders(titles.zh), key).toEqual(placeholders(titles.en));
  });

  // One entry per module as the viewer reads it in Chinese: codes as titles, money formatted, no raw codes.
  it.each([
    [
      {
        module: 'employees',
        action: 'addPayRate',
        details: { params: { name: '李梅', payType: 'hourly', rateCents: 2750, per: 'per_hourly', date: '2026-11-01' } },
      },
      '李梅 的薪资标准：按小时 $27.50/小时，自 2026-11-01 起',
    ],
    [
      { module: 'customers', action: 'keyCustody', details: { params: { name: 'Home', tag: 'K-12', event: 'check_out' } } },
      '地点「Home」的钥匙（编号 K-12）：借出',
    ],
    [
      {
        module: 'customers',
        action: 'addConnectRecord',
        details: { params: { type: 'call', customer: 'Ana', subject: 'Gate' } },
      },
      '记录了与 Ana 的电话：Gate',
    ],
    [
      {
        module: 'sales',
        action: 'add',
        details: { params: { reference: 'Q-2611-0001', customer: 'Ana', finalOfferCents: 14700 } },
      },
      '为 Ana 新增报价 Q-2611-0001（$147.00）',
    ],
    [
      {
        module: 'priceList',
        action: 'addRate',
        details: {
          key: 'priceList.replaceRate',
          params: {
            nameEn: 'Bedroom',
            nameZh: '卧室',
            date: '2026-12-01',
            fromPriceCents: 3000,
            fromMinutes: 30,
            priceCents: 3200,
            minutes: 35,
          },
        },
      },
      '替换了「卧室」自 2026-12-01 起的待生效价格：$30.00，30 分钟 → $32.00，35 分钟',
    ],
    [
      {
        module: 'logs',
        action: 'clear',
        details: { params: { target: 'clear_both', date: '2026-10-01', option: 'clear_oneMonth', logins: 3, operations: 4 } },
      },
      '清理了 2026-10-01 之前的登录记录和操作记录（一个月前）：删除登录记录 3 条、操作记录 4 条',
    ],
  ])('renders %j in Chinese', (entry, zh) => {
    expect(renderAuditSummary(entry, 'zh')).toBe(zh);
  });
});
