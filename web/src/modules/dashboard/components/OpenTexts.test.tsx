import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InboundFollowUp } from '@tidyhouse/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OpenTexts } from './OpenTexts';

/** Texts to follow up on the dashboard (issue 22): who sent what, and done once handled. */
const texts: InboundFollowUp[] = [
  {
    id: 4,
    customer: { id: 5, name: 'Rosa Diaz' },
    fromPhone: '+16505550142',
    body: 'Can the team come at 10?',
    receivedAt: '2026-12-01T17:00:00Z',
  },
  { id: 3, customer: null, fromPhone: '+14155550100', body: 'Who is this?', receivedAt: '2026-12-01T16:00:00Z' },
];

function show(count: number, list: InboundFollowUp[]) {
  const api = mockApi({
    '/sysParam/businessProfile': { data: businessProfile },
    '/connectRecord/textHandled': { data: { id: 4 } },
  });
  renderWithProviders(
    <MemoryRouter>
      <OpenTexts count={count} texts={list} />
    </MemoryRouter>,
  );
  return api;
}

afterEach(() => setLocale('en'));

describe('OpenTexts', () => {
  it('lists each text with its customer (or the unknown number) and marks one done', async () => {
    setLocale('en');
    const api = show(2, texts);
    expect((await screen.findByText('Rosa Diaz')).closest('a')?.getAttribute('href')).toBe('/customer/customerdetail?id=5');
    expect(screen.getByText('Can the team come at 10?')).toBeTruthy();
    expect(screen.getByText('Unknown number +14155550100')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Done')[0]!);
    await waitFor(() => expect(api.callsTo('/connectRecord/textHandled').map((c) => c.body)).toEqual([{ id: 4 }]));
    expect(await screen.findByText('Marked as followed up')).toBeTruthy();
  });

  it('says in Chinese when no text waits', async () => {
    setLocale('zh');
    show(0, []);
    expect(await screen.findByText('没有待跟进的短信')).toBeTruthy();
    expect(screen.getByText('待跟进短信')).toBeTruthy();
  });
});
