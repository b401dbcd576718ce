import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ListPage } from './ListPage';

interface Job {
  id: number;
  reference: string;
}

/**
 * 45 jobs; each full page answers the cursor of the page after it (its page number and last id), as
 * /job/queryList does, but only unsorted here: a sorted page must then never carry an unsorted one's.
 */
function jobServer() {
  const all = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, reference: `J-${i + 1}` }));
  return mockApi({
    '/job/queryList': (call: ApiCall) => {
      const { pageNum, pageSize, sort } = call.body as { pageNum: number; pageSize: number; sort?: unknown };
      const list = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      const full = list.length === pageSize && !sort;
      return { data: { list, total: all.length, ...(full ? { nextCursor: `after-${pageNum}-${list.at(-1)!.id}` } : {}) } };
    },
  });
}

const JobList = () => (
  <ListPage<Job>
    url="/job/queryList"
    rowKey="id"
    columns={[{ title: 'Reference', dataIndex: 'reference', key: 'reference', sorter: true }]}
  />
);

describe('ListPage with a list that answers a cursor', () => {
  it('sends the cursor of the page before with the next page, and none with a page it has no cursor for', async () => {
    const api = jobServer();
    renderWithProviders(<JobList />);
    await screen.findByText('J-1');
    expect(api.calls[0]?.body).toEqual({ pageNum: 1, pageSize: 20 });
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('J-21');
    expect(api.calls.at(-1)?.body).toEqual({ pageNum: 2, pageSize: 20, cursor: 'after-1-20' });
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('J-41');
    expect(api.calls.at(-1)?.body).toEqual({ pageNum: 3, pageSize: 20, cursor: 'after-2-40' });
    // Back to page 1: the first page never has a cursor.
    fireEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(api.calls.at(-1)?.body).toEqual({ pageNum: 1, pageSize: 20 }));
  });

  it('asks a page by its number alone when the sort changed since its cursor was given', async () => {
    const api = jobServer();
    renderWithProviders(<JobList />);
    await screen.findByText('J-1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('J-21');
    expect(api.calls.at(-1)?.body).toEqual({ pageNum: 2, pageSize: 20, cursor: 'after-1-20' });
    fireEvent.click(screen.getByRole('columnheader', { name: /Reference/ }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.body).toEqual({ pageNum: 1, pageSize: 20, sort: { field: 'reference', order: 'ascend' } }),
    );
    await screen.findByText('J-1');
    const asked = api.calls.length;
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(asked));
    expect(api.calls.at(-1)?.body).toEqual({ pageNum: 2, pageSize: 20, sort: { field: 'reference', order: 'ascend' } });
  });
});
