import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactElement } from 'react';

function draw(node: AbstractNode, key?: number): ReactElement {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(draw));
}

/**
 * An Ant Design icon drawn as its bare SVG, for screens that show hundreds of them (the schedule
 * board's blocks). `@ant-design/icons` components read a context and, when each mounts, look through
 * every style element of the page for their style sheet: with 300 blocks that was a large part of
 * the board's first render. Same look: the `anticon` class those components already put on the page.
 */
export function PlainIcon({ icon }: { icon: IconDefinition }) {
  return plainIcon(icon);
}

/** The same as an element, not a component: no fiber of its own (the board walks its tree on every drag step). */
export function plainIcon(icon: IconDefinition): ReactElement {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className="anticon" aria-hidden="true">
      {createElement(svg.tag, { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor' }, svg.children?.map(draw))}
    </span>
  );
}
