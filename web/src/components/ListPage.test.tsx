import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Code } from '@tidyhouse/contract';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ListPage } from './ListPage';

interface Customer {
  id: number;
  name: string;
}

const rows = (from: number, count: number): Customer[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Customer ${from + i}` }));

/** A server holding 45 customers, answering pages and a name filter the way queryList does. */
function customerServer() {
  const all = rows(1, 45);
  return mockApi({
    '/customer/queryList': (call: ApiCall) => {
      const { pageNum, pageSize, name } = call.body as { pageNum: number; pageSize: number; name?: string };
      const matching = name ? all.filter((row) => row.name.includes(name)) : all;
      return { data: { list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: matching.length } };
    },
  });
}

function CustomerList({ toolbar = false }: { toolbar?: boolean }) {
  return (
    <ListPage<Customer, { name?: string }>
      url="/customer/queryList"
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name', sorter: true }]}
      searchFields={
        <Form.Item name="name">
          <Input aria-label="name filter" />
        </Form.Item>
      }
      toolbar={toolbar ? ({ refresh }) => <Button onClick={refresh}>Reload list</Button> : undefined}
    />
  );
}

const lastBody = (calls: ApiCall[]) => calls.at(-1)?.body;

describe('ListPage', () => {
  it('asks for page 1 of 20 and shows the rows and the total', async () => {
    setLocale('en');
    const api = customerServer();
    renderWithProviders(<CustomerList />);
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    expect(screen.getByText('Customer 20')).toBeTruthy();
    expect(screen.queryByText('Customer 21')).toBeNull();
    expect(screen.getByText('45 records')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('counts one record in the singular (plural rules of the language)', async () => {
    setLocale('en');
    mockApi({ '/customer/queryList': () => ({ data: { list: rows(1, 1), total: 1 } }) });
    renderWithProviders(<CustomerList />);
    expect(await screen.findByText('1 record')).toBeTruthy();
  });

  it('never asks for more than 100 rows a page', async () => {
    const api = customerServer();
    renderWithProviders(
      <ListPage<Customer>
        url="/customer/queryList"
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        defaultPageSize={500}
      />,
    );
    await screen.findByText('Customer 45');
    expect(api.calls[0]?.body).toEqual({ pageNum: 1, pageSize: 100 });
  });

  it('pages through the server', async () => {
    const api = customerServer();
    renderWithProviders(<CustomerList />);
    await screen.findByText('Customer 1');
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('Customer 41')).toBeTruthy();
    expect(lastBody(api.calls)).toEqual({ pageNum: 3, pageSize: 20 });
  });

  it('sends the search form as filters, from page 1', async () => {
    const api = customerServer();
    renderWithProviders(<CustomerList />);
    await screen.findByText('Customer 1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Customer 21');

    fireEvent.change(screen.getByLabelText('name filter'), { target: { value: 'Customer 4' } });
    fireEvent.submit(screen.getByTestId('list-search'));
    expect(await screen.findByText('Customer 45')).toBeTruthy();
    expect(lastBody(api.calls)).toEqual({ name: 'Customer 4', pageNum: 1, pageSize: 20 });
  });

  it('sends the sort order when a column header is clicked', async () => {
    const api = customerServer();
    renderWithProviders(<CustomerList />);
    await screen.findByText('Customer 1');
    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() =>
      expect(lastBody(api.calls)).toEqual({ pageNum: 1, pageSize: 20, sort: { field: 'name', order: 'ascend' } }),
    );
  });

  it('shows a translated empty state', async () => {
    mockApi({ '/customer/queryList': { data: { list: [], total: 0 } } });
    renderWithProviders(<CustomerList />);
    expect(await screen.findByText('没有符合条件的记录')).toBeTruthy();
  });

  it('shows an error state whose retry button asks again', async () => {
    setLocale('en');
    let failing = true;
    const api = mockApi({
      '/customer/queryList': () =>
        failing ? { code: Code.SERVER_ERROR, message: '' } : { data: { list: rows(1, 1), total: 1 } },
    });
    renderWithProviders(<CustomerList />);
    const alert = (await screen.findByText('The list could not be loaded.')).closest<HTMLElement>('[role="alert"]');
    // The server gave no message, so the global handler says something generic, once.
    expect(await screen.findAllByText('The request failed. Please try again later.')).toHaveLength(1);
    expect(api.calls.length).toBe(1);

    failing = false;
    fireEvent.click(within(alert!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    expect(screen.queryByText('The list could not be loaded.')).toBeNull();
    expect(api.calls.length).toBe(2);
  });

  it('says the server message when the role is refused (10003), with no Retry that cannot work', async () => {
    setLocale('en');
    mockApi({ '/customer/queryList': { code: Code.FORBIDDEN, message: 'You do not have permission for this.' } });
    renderWithProviders(<CustomerList />);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('You do not have permission for this.'));
    expect(screen.queryByText('The list could not be loaded.')).toBeNull();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('asks again when the search is run with an empty form, as the first load did', async () => {
    const api = customerServer();
    renderWithProviders(<CustomerList />);
    await screen.findByText('Customer 1');
    fireEvent.submit(screen.getByTestId('list-search'));
    await waitFor(() => expect(api.calls.length).toBe(2));
    expect(lastBody(api.calls)).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('lets the toolbar refresh the list', async () => {
    const api = customerServer();
    renderWithProviders(<CustomerList toolbar />);
    await screen.findByText('Customer 1');
    fireEvent.click(screen.getByRole('button', { name: 'Reload list' }));
    await waitFor(() => expect(api.calls.length).toBe(2));
  });
  it('shows a large exact total with separators, and a capped one as "10,000+" in both languages', async () => {
    setLocale('en');
    let capped = false;
    mockApi({
      '/customer/queryList': () => ({
        data: capped
          ? { list: rows(1, 20), total: 10_000, totalCapped: true }
          : { list: rows(1, 20), total: 123_456, totalCapped: false },
      }),
    });
    const first = renderWithProviders(<CustomerList />);
    expect(await screen.findByText('123,456 records')).toBeTruthy();
    first.unmount();

    capped = true;
    const second = renderWithProviders(<CustomerList />);
    expect(await screen.findByText('10,000+ records')).toBeTruthy();
    second.unmount();

    setLocale('zh');
    renderWithProviders(<CustomerList />);
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
    setLocale('en');
  });
  it('shows a lower cap as given (a one-word customer search stops counting at 200) in both languages', async () => {
    setLocale('en');
    mockApi({ '/customer/queryList': () => ({ data: { list: rows(1, 20), total: 200, totalCapped: true } }) });
    const english = renderWithProviders(<CustomerList />);
    expect(await screen.findByText('200+ records')).toBeTruthy();
    // Ten pages of 20 are offered, no more.
    expect(screen.getByTitle('10')).toBeTruthy();
    expect(screen.queryByTitle('11')).toBeNull();
    english.unmount();
    setLocale('zh');
    renderWithProviders(<CustomerList />);
    expect(await screen.findByText('共 200+ 条')).toBeTruthy();
    setLocale('en');
  });
});
