import { buildPermissionTree } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { checkState, indexPermissionTree, keysToSave, toggleKey } from './permissionTree';

const index = indexPermissionTree(buildPermissionTree());
const sysScreens = [
  '/sys/positionparameter',
  '/sys/serviceprice',
  '/sys/labortype',
  '/sys/region',
  '/sys/messagetemplate',
  'messageTemplate:edit',
  '/sys/roleauthor',
  'sys:api:docs',
  '/sys/logs',
];

describe('the permission tree of "Set permissions"', () => {
  it('knows every screen and action key, and no group key', () => {
    expect(index.allKeys).toContain('/sys/labortype');
    expect(index.allKeys).toContain('sys:logs:clear');
    expect(index.allKeys).not.toContain('/sys');
    expect(index.parentOf.get('sys:logs:clear')).toBe('/sys/logs');
  });

  it('checks a whole group, and unchecks it again', () => {
    const on = toggleKey(index, new Set(), '/sys', true);
    expect(keysToSave(index, on)).toEqual([...sysScreens, 'sys:logs:clear']);
    expect(checkState(index, on).checked).toContain('/sys');
    expect(toggleKey(index, on, '/sys', false).size).toBe(0);
  });

  it('lets a screen go without its action, but an action brings its screen', () => {
    const screenOnly = toggleKey(index, new Set(), '/sys/logs', true);
    expect([...screenOnly]).toEqual(['/sys/logs']);
    const state = checkState(index, screenOnly);
    expect(state.checked).toEqual(['/sys/logs']);
    expect(state.halfChecked).toEqual(['/sys']);

    const actionOnly = toggleKey(index, new Set(), 'sys:logs:clear', true);
    expect([...actionOnly].sort()).toEqual(['/sys/logs', 'sys:logs:clear']);
    // Unchecking the screen takes its actions with it.
    expect(toggleKey(index, actionOnly, '/sys/logs', false).size).toBe(0);
    // Unchecking the action keeps the screen.
    expect([...toggleKey(index, actionOnly, 'sys:logs:clear', false)]).toEqual(['/sys/logs']);
  });

  it('sends only keys the tree knows, in its order', () => {
    expect(keysToSave(index, new Set(['/sys', 'nonsense', '/sys/region', '/sys/labortype']))).toEqual([
      '/sys/labortype',
      '/sys/region',
    ]);
  });
});
