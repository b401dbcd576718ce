import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { styleMatcher } from './selector-cache';

/**
 * The roomier selector cache (selector-cache.ts) must be the one jsdom's getComputedStyle goes
 * through, and styles must come out the same: a page with more rules than nwsapi's own cache holds
 * still hides what its CSS hides, for getComputedStyle and for the queries built on it.
 */
describe('selector cache for jsdom styles', () => {
  it('is what getComputedStyle matches rules with', () => {
    expect(styleMatcher().roomForEveryRule).toBe(true);
    const match = vi.spyOn(styleMatcher(), 'match');
    const style = document.createElement('style');
    style.textContent = '.seen-by-the-matcher { visibility: hidden; }';
    document.head.append(style);
    const element = document.createElement('span');
    element.className = 'seen-by-the-matcher';
    document.body.append(element);
    try {
      expect(getComputedStyle(element).visibility).toBe('hidden');
      expect(match).toHaveBeenCalledWith('.seen-by-the-matcher', expect.anything());
    } finally {
      match.mockRestore();
      style.remove();
      element.remove();
    }
  });

  it('still applies every rule of a page with more rules than the default cache holds', () => {
    const style = document.createElement('style');
    const filler = Array.from({ length: 1500 }, (_, i) => `.filler-${i} > .x { color: red; }`).join('\n');
    style.textContent = `${filler}\n.folded { display: none; }\n.dimmed { visibility: hidden; }\n.block { display: block; }`;
    document.head.append(style);
    try {
      render(
        <div>
          <button type="button" className="block">
            Shown
          </button>
          <div className="folded">
            <button type="button">Folded</button>
          </div>
          <button type="button" className="dimmed">
            Dimmed
          </button>
        </div>,
      );
      // Twice: the second walk reads from the cache the first one filled.
      for (let round = 0; round < 2; round++) {
        expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Shown']);
        expect(getComputedStyle(screen.getByText('Folded').parentElement!).display).toBe('none');
        expect(getComputedStyle(screen.getByText('Shown')).display).toBe('block');
      }
    } finally {
      style.remove();
    }
  });
});
