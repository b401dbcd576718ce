import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { jumpBetweenTargets } from './keyboard';

type Args = Parameters<KeyboardCoordinateGetter>[1];
const rect = (left: number, top: number) => ({ left, top, width: 260, height: 300, right: left + 260, bottom: top + 300 });
// Pool at the left, two teams to its right, a third team on the next row.
const rects = new Map<string, ReturnType<typeof rect>>([
  ['team-2', rect(556, 100)],
  ['pool', rect(0, 100)],
  ['team-3', rect(276, 520)],
  ['team-1', rect(276, 100)],
]);
const args = (over: string | null) =>
  ({
    active: 'member-1',
    currentCoordinates: { x: 0, y: 0 },
    context: { droppableRects: rects, over: over ? { id: over } : null },
  }) as unknown as Args;
const key = (code: string) => {
  let prevented = false;
  return { event: { code, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent, prevented: () => prevented };
};

describe('jumpBetweenTargets', () => {
  it('goes to the next target in reading order with right/down and back with left/up, wrapping', () => {
    expect(jumpBetweenTargets(key('ArrowRight').event, args('pool'))).toEqual({ x: 284, y: 108 });
    expect(jumpBetweenTargets(key('ArrowDown').event, args('team-2'))).toEqual({ x: 284, y: 528 });
    expect(jumpBetweenTargets(key('ArrowLeft').event, args('team-1'))).toEqual({ x: 8, y: 108 });
    expect(jumpBetweenTargets(key('ArrowUp').event, args('pool'))).toEqual({ x: 284, y: 528 });
  });

  it('starts at the first target when over none, and leaves other keys to the sensor', () => {
    const right = key('ArrowRight');
    expect(jumpBetweenTargets(right.event, args(null))).toEqual({ x: 8, y: 108 });
    expect(right.prevented()).toBe(true);
    const space = key('Space');
    expect(jumpBetweenTargets(space.event, args('pool'))).toBeUndefined();
    expect(space.prevented()).toBe(false);
  });
});
