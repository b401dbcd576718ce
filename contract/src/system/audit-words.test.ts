import { describe, expect, it } from 'vitest';
import { auditFieldTitle, auditValueText, renderAuditSummary } from './audit-texts';
import { rrulesInWords, rruleText } from './audit-words';

describe('operation log words (issue 23 item 4)', () => {
  it('says each recurrence the product makes in words', () => {
    expect(rruleText('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'en')).toBe('every 2 weeks on Tuesday');
    expect(rruleText('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'zh')).toBe('每 2 周的星期二');
    expect(rruleText('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR', 'zh')).toBe('每周的星期五');
    expect(rruleText('FREQ=MONTHLY;BYDAY=+2TU', 'en')).toBe('monthly on the 2nd Tuesday');
    expect(rruleText('FREQ=MONTHLY;BYDAY=-1SA', 'zh')).toBe('每月最后一个星期六');
    expect(rruleText('FREQ=DAILY;COUNT=1', 'zh')).toBe('一次');
    expect(rruleText('FREQ=YEARLY', 'en')).toBeNull();
  });

  it('renders recurrences, fields and permissions of a summary in the viewer language', () => {
    const plan = {
      module: 'service',
      action: 'addTask',
      details: { params: { reference: 'T-1', name: 'Van', rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA', date: '2026-11-28' } },
    };
    expect(renderAuditSummary(plan, 'zh')).toBe('新增任务 T-1 Van（每周的星期六，自 2026-11-28 起）');
    expect(auditFieldTitle('durationMinutes', 'zh')).toBe('时长');
    expect(auditValueText(['/employee/attendance'], 'en')).not.toContain('/');
    // A fact an older entry did not record reads as nothing.
    expect(
      renderAuditSummary({ module: 'roles', action: 'setPermissions', details: { params: { name: 'x', added: [] } } }, 'en'),
    ).toBe('Changed the permissions of role "x": added —; removed —');
  });

  it('puts the RRULEs of an old stored summary in words', () => {
    expect(rrulesInWords('Added service plan P-1 (FREQ=DAILY;COUNT=1 from 2026-10-20)', 'en')).toBe(
      'Added service plan P-1 (once from 2026-10-20)',
    );
  });
});
