import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { ComingSoon } from './ComingSoon';

describe('ComingSoon', () => {
  it('names the screen, says it is coming, and what it will hold', () => {
    setLocale('en');
    renderWithProviders(<ComingSoon title="Customer List" description="Search customers by zone." />);
    expect(screen.getByText('Customer List')).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByText('Search customers by zone.')).toBeTruthy();
  });
});
