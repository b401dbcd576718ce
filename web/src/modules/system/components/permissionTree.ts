import type { PermissionNode } from '@tidyhouse/contract';

/**
 * The check logic of "Set permissions". The tree is checked node by node (antd's `checkStrictly`),
 * because a screen and its action keys are separate keys: a role may open a screen without its
 * sensitive actions. Groups are not keys: checking one checks everything under it. An action needs its
 * screen, so checking an action checks the screen and unchecking a screen unchecks its actions.
 */
export interface PermissionIndex {
  kindOf: Map<string, PermissionNode['kind']>;
  parentOf: Map<string, string>;
  /** Every key under a node (screens and actions; a screen: its actions). */
  descendantsOf: Map<string, string[]>;
  /** The keys a role can hold: every screen and action key of the tree. */
  allKeys: string[];
}

export function indexPermissionTree(tree: readonly PermissionNode[]): PermissionIndex {
  const index: PermissionIndex = { kindOf: new Map(), parentOf: new Map(), descendantsOf: new Map(), allKeys: [] };
  const visit = (node: PermissionNode, parent: string | undefined): string[] => {
    index.kindOf.set(node.key, node.kind);
    if (parent !== undefined) index.parentOf.set(node.key, parent);
    if (node.kind !== 'group') index.allKeys.push(node.key);
    const below = (node.children ?? []).flatMap((child) => [child.key, ...visit(child, node.key)]);
    index.descendantsOf.set(node.key, below);
    return below;
  };
  for (const node of tree) visit(node, undefined);
  return index;
}

/** The role's keys after checking (`on`) or unchecking a node; never a group key. */
export function toggleKey(index: PermissionIndex, keys: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(keys);
  const kind = index.kindOf.get(key);
  if (!kind) return next;
  const under = index.descendantsOf.get(key) ?? [];
  if (kind === 'group') {
    for (const k of under) {
      if (on) next.add(k);
      else next.delete(k);
    }
    return next;
  }
  if (on) {
    next.add(key);
    const screen = index.parentOf.get(key);
    if (kind === 'action' && screen) next.add(screen);
  } else {
    next.delete(key);
    for (const k of under) next.delete(k);
  }
  return next;
}

/** What the tree shows: checked keys, and groups (or screens) only partly checked. */
export function checkState(index: PermissionIndex, keys: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const [key, kind] of index.kindOf) {
    const under = index.descendantsOf.get(key) ?? [];
    const held = under.filter((k) => keys.has(k)).length;
    if (kind === 'group') {
      if (under.length > 0 && held === under.length) checked.push(key);
      else if (held > 0) halfChecked.push(key);
    } else if (keys.has(key)) {
      checked.push(key);
    } else if (held > 0) {
      halfChecked.push(key);
    }
  }
  return { checked, halfChecked };
}

/** The keys to send, in the tree's order, limited to keys the tree knows. */
export function keysToSave(index: PermissionIndex, keys: ReadonlySet<string>): string[] {
  return index.allKeys.filter((key) => keys.has(key));
}
