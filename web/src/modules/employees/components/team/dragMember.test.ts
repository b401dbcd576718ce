import { describe, expect, it } from 'vitest';
import { parseDraggedMember } from './dragMember';

describe('the data a dragged member chip carries', () => {
  it('reads a member back, from a team or from Unassigned', () => {
    const member = { userId: 7, name: 'Mei Lin', version: 3, fromTeamId: 2 };
    expect(parseDraggedMember(JSON.stringify(member))).toEqual(member);
    expect(parseDraggedMember(JSON.stringify({ ...member, fromTeamId: null }))).toEqual({ ...member, fromTeamId: null });
  });

  it('ignores anything else dropped on a team (text, links, damaged data)', () => {
    expect(parseDraggedMember('')).toBeNull();
    expect(parseDraggedMember('Mei Lin')).toBeNull();
    expect(parseDraggedMember('{"userId":"7","name":"x","version":1}')).toBeNull();
    expect(parseDraggedMember('null')).toBeNull();
  });
});
