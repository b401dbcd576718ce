import { describe, expect, it } from 'vitest';
import { readableTextColor } from './ZoneTag';
import { normalizeZipList, normalZip } from './zips';

describe('ZIP lists of a zone', () => {
  it('keeps 5 digits of a ZIP+4, drops repeats and blanks, and leaves a wrong entry to be shown', () => {
    expect(normalizeZipList([' 94010 ', '94010-1234', '', '9401', '94030'])).toEqual(['94010', '9401', '94030']);
    expect(normalZip('94010-1234')).toBe('94010');
    expect(normalZip('9401')).toBeNull();
    expect(normalZip('ABCDE')).toBeNull();
  });
});

describe('zone tags', () => {
  it('write in black on light colours and in white on dark ones', () => {
    expect(readableTextColor('#faad14')).not.toBe('#ffffff');
    expect(readableTextColor('#722ed1')).toBe('#ffffff');
    expect(readableTextColor('not a colour')).toBe('#ffffff');
  });
});
