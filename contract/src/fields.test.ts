import { describe, expect, it } from 'vitest';
import { ZPhone, ZUsState, ZUsZip } from './fields';
import { ALL_PERMISSION_KEYS } from './permissions';
import {
  buildPermissionTree,
  ZLogClearRequest,
  ZPaymentParamsModifyRequest,
  ZZoneAddRequest,
  ZZoneLookupRequest,
} from './system';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('address fields', () => {
  it('keeps the 5-digit part of a ZIP+4 and refuses other ZIP forms', () => {
    expect(ZUsZip.parse(' 94010-1234 ')).toBe('94010');
    expect(ZUsZip.parse('94010')).toBe('94010');
    for (const bad of ['9401', '940101', 'ABCDE', '94010-12', '94010 1234']) expect(ZUsZip.safeParse(bad).success).toBe(false);
  });

  it('takes US state codes in any case', () => {
    expect(ZUsState.parse('ca')).toBe('CA');
    expect(ZUsState.safeParse('XX').success).toBe(false);
    expect(ZUsState.safeParse('California').success).toBe(false);
  });

  it('wants 10 digits in a phone number', () => {
    expect(ZPhone.safeParse('(650) 555-0142').success).toBe(true);
    expect(ZPhone.safeParse('+1 650 555 0142').success).toBe(true);
    expect(messages(ZPhone.safeParse('555-0142'))).toEqual([':rule.phone']);
    expect(messages(ZPhone.safeParse(''))).toEqual([':validation.phoneRequired']);
  });
});

describe('zone ZIP lists', () => {
  const zone = { name: 'Daly City', color: '#2F54EB', code: 'dly' };

  it('normalizes: 5 digits, no repeats, sorted; code upper-case, colour lower-case', () => {
    const parsed = ZZoneAddRequest.parse({ ...zone, primaryZips: ['94015', '94014-2201', '94014'] });
    expect(parsed).toMatchObject({ code: 'DLY', color: '#2f54eb', primaryZips: ['94014', '94015'], secondaryZips: [] });
  });

  it('refuses a ZIP in two lists of the same zone, naming where', () => {
    const result = ZZoneAddRequest.safeParse({ ...zone, primaryZips: ['94014'], exceptionZips: ['94015', '94014-0001'] });
    expect(messages(result)).toEqual(['exceptionZips.0:rule.zipInTwoLists']);
  });
});

describe('other requests', () => {
  it('needs a date only when clearing up to a specified date', () => {
    expect(ZLogClearRequest.parse({ option: 'oneMonth' })).toEqual({ option: 'oneMonth', target: 'both' });
    expect(messages(ZLogClearRequest.safeParse({ option: 'date' }))).toEqual(['date:rule.clearDateRequired']);
  });

  it('keeps card types to the fixed list, in its order', () => {
    const base = {
      version: 1,
      accountId: '',
      remitToName: '',
      remitToStreet: '',
      remitToCity: '',
      remitToState: '',
      remitToZip: '',
    };
    expect(ZPaymentParamsModifyRequest.parse({ ...base, cardTypes: ['amex', 'visa', 'amex'] }).cardTypes).toEqual([
      'visa',
      'amex',
    ]);
    expect(ZPaymentParamsModifyRequest.safeParse({ ...base, cardTypes: ['diners'] }).success).toBe(false);
  });

  it('builds the permission tree from canonical screens and action keys, each key once', () => {
    const tree = buildPermissionTree();
    const keys = tree.flatMap((g) => (g.children ?? []).flatMap((s) => [s.key, ...(s.children ?? []).map((a) => a.key)]));
    expect([...keys].sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
    expect(tree[0]!.children!.map((s) => s.key)).toEqual(['/quick/dashboard']);
    const logs = tree.find((g) => g.key === '/sys')!.children!.find((s) => s.key === '/sys/logs')!;
    expect(logs.children).toEqual([{ key: 'sys:logs:clear', kind: 'action', title: { en: 'Clear logs', zh: '清理日志' } }]);
  });
});

describe('required ZIP codes', () => {
  it('says only that an empty ZIP is required', () => {
    expect(messages(ZZoneLookupRequest.safeParse({ zip: '' }))).toEqual(['zip:validation.zipRequired']);
    expect(messages(ZZoneLookupRequest.safeParse({ zip: '123' }))).toEqual(['zip:rule.usZip']);
  });
});
