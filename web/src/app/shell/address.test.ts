import { MENU_TREE } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { businessProfile } from '@/test/fixtures';
import { formatBusinessAddress } from './address';
import { MENU_ICONS } from './menuIcons';

describe('formatBusinessAddress', () => {
  it('writes street and suite, then city, state and zip', () => {
    expect(formatBusinessAddress(businessProfile)).toBe('1200 Market St Suite 210, San Jose, CA 95112');
  });

  it('leaves out empty parts without stray commas', () => {
    expect(formatBusinessAddress({ ...businessProfile, suite: '', city: ' ' })).toBe('1200 Market St, CA 95112');
    expect(formatBusinessAddress({ street: '', suite: '', city: '', state: '', zip: '' })).toBe('');
  });
});

describe('menu icons', () => {
  it('has a component for every icon the menu tree names', () => {
    const names = MENU_TREE.flatMap((group) => [group.icon, ...group.children.map((screen) => screen.icon)]);
    for (const name of names) expect(MENU_ICONS[name], name).toBeDefined();
  });
});
