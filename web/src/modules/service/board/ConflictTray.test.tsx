import { fireEvent, screen } from '@testing-library/react';
import type { BoardDay } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { ConflictTray } from './ConflictTray';
import { boardStrings } from './strings';

registerStrings(boardStrings);

/** The day: two plan-made jobs of Team Sunshine at 13:00 (one overlap, in the server's sentence). */
const conflicts: BoardDay['conflicts'] = [
  {
    kind: 'jobOverlap',
    key: 'jobOverlap:28:38',
    date: '2026-12-02',
    teamId: 1,
    jobIds: [28, 38],
    message: 'Team Sunshine: job J-2612-0028 (13:00–15:08) overlaps job J-2612-0038 (13:00–14:08) on 2026-12-02.',
  },
];

describe('ConflictTray', () => {
  it('lists the day’s conflicts with a counted title, each opening its first job', () => {
    setLocale('en');
    const open = vi.fn();
    renderWithProviders(<ConflictTray conflicts={conflicts} onOpenJob={open} />);
    expect(screen.getByText('1 schedule conflict on this day')).toBeTruthy();
    expect(screen.getByText(conflicts[0]!.message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the job' }));
    expect(open).toHaveBeenCalledWith(28);
  });

  it('shows nothing on a day without conflicts', () => {
    const { container } = renderWithProviders(<ConflictTray conflicts={[]} onOpenJob={() => undefined} />);
    expect(container.querySelector('[data-testid="conflict-tray"]')).toBeNull();
  });
});
