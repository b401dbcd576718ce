import type { DragEvent } from 'react';

/** What a dragged member chip carries (HTML5 drag and drop, no library). */
export interface DraggedMember {
  userId: number;
  name: string;
  /** The employee's version as the board read it: a move someone else made first is refused. */
  version: number;
  fromTeamId: number | null;
}

export const MEMBER_MIME = 'application/x-tidyhouse-member';

export function startMemberDrag(event: DragEvent, member: DraggedMember): void {
  event.dataTransfer.setData(MEMBER_MIME, JSON.stringify(member));
  // Plain text too, so the drag is a real one in every browser.
  event.dataTransfer.setData('text/plain', member.name);
  event.dataTransfer.effectAllowed = 'move';
}

/** Whether a drag over a drop zone carries a member (the data itself is only readable on drop). */
export function carriesMember(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes(MEMBER_MIME);
}

/** The member of a drop, or null when the drop carries something else. */
export function droppedMember(event: DragEvent): DraggedMember | null {
  return parseDraggedMember(event.dataTransfer.getData(MEMBER_MIME));
}

export function parseDraggedMember(raw: string): DraggedMember | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const member = value as Record<string, unknown>;
    if (typeof member.userId !== 'number' || typeof member.version !== 'number' || typeof member.name !== 'string') return null;
    const fromTeamId = typeof member.fromTeamId === 'number' ? member.fromTeamId : null;
    return { userId: member.userId, name: member.name, version: member.version, fromTeamId };
  } catch {
    return null;
  }
}
