import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Arrow keys jump from one drop target to the next (right/down) or previous (left/up) in screen
 * order, instead of nudging by pixels: a keyboard user reaches any team in a few presses.
 */
export const jumpBetweenTargets: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = event.code === 'ArrowRight' || event.code === 'ArrowDown';
  const backward = event.code === 'ArrowLeft' || event.code === 'ArrowUp';
  if (!forward && !backward) return undefined;
  event.preventDefault();
  const targets = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.top - b.top || a.left - b.left);
  if (targets.length === 0) return undefined;
  const current = targets.findIndex(([id]) => id === context.over?.id);
  const next = current === -1 ? 0 : (current + (forward ? 1 : -1) + targets.length) % targets.length;
  const [, rect] = targets[next]!;
  return { x: rect.left + 8, y: rect.top + 8 };
};
