import { type CSSProperties, type ReactNode, useState } from 'react';
import { carriesMember, type DraggedMember, droppedMember } from './dragMember';

export interface DropZoneProps {
  /** The team a member dropped here joins; null for Unassigned. */
  teamId: number | null;
  onDropMember: (member: DraggedMember, toTeamId: number | null) => void;
  children: ReactNode;
  /** Names the region (the team's name, or Unassigned). */
  label: string;
  style?: CSSProperties;
  testId?: string;
}

/** A place members can be dropped on (a team card, the Unassigned column), outlined while one is over it. */
export function DropZone({ teamId, onDropMember, label, children, style, testId }: DropZoneProps) {
  const [over, setOver] = useState(false);
  return (
    <section
      aria-label={label}
      data-testid={testId}
      data-drop-over={over || undefined}
      style={{ ...style, outline: over ? '2px dashed #1677ff' : undefined, outlineOffset: 2, borderRadius: 8 }}
      onDragOver={(event) => {
        if (!carriesMember(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const member = droppedMember(event);
        if (!member) return;
        event.preventDefault();
        if (member.fromTeamId !== teamId) onDropMember(member, teamId);
      }}
    >
      {children}
    </section>
  );
}
