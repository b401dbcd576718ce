import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { REVEAL_MS, RevealCode } from './RevealCode';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RevealCode', () => {
  it('shows the revealed code, then masks it again after REVEAL_MS', async () => {
    // Fake timers that still follow real time, so the answer arrives; REVEAL_MS is then skipped ahead.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ '/customerKey/reveal': { data: { value: '4321' } } });
    renderWithProviders(<RevealCode locationId={7} field="alarm" masked="••••21" canReveal />);
    const code = screen.getByTestId('code-alarm-7');
    expect(code.textContent).toBe('••••21');

    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(code.textContent).toBe('4321'));
    expect(api.callsTo('/customerKey/reveal')[0]?.body).toEqual({ locationId: 7, field: 'alarm' });
    expect(screen.queryByRole('button')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(REVEAL_MS));
    expect(screen.getByTestId('code-alarm-7').textContent).toBe('••••21');
    expect(screen.getByRole('button')).toBeTruthy();
  });
});
