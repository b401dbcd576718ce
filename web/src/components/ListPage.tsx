import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListResponse, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@tidyhouse/contract';
import { Alert, Button, Empty, Flex, Form, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isForbidden, loadFailureText, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { GuardedButton } from './GuardedButton';

export interface ListSort {
  field: string;
  order: 'ascend' | 'descend';
}

/** What a toolbar can do with the list, for example refresh it after adding a record. */
export interface ListControls {
  refresh: () => void;
}

export interface ListPageProps<Row extends object, Filters extends object> {
  /** The queryList endpoint, for example '/sysUser/queryList'. */
  url: string;
  columns: TableColumnsType<Row>;
  rowKey: TableProps<Row>['rowKey'];
  /** Form.Items of the search form; without them no search form is shown. */
  searchFields?: ReactNode;
  /** The search form's starting values, sent with the first request. */
  initialFilters?: Filters;
  /** Turns form values into request filters (dates into 'YYYY-MM-DD', for example). */
  toRequest?: (filters: Filters) => object;
  toolbar?: ReactNode | ((list: ListControls) => ReactNode);
  defaultPageSize?: number;
  defaultSort?: ListSort;
  /** Checkbox selection of rows, for toolbar actions on the selected ones (antd's rowSelection). */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** Row behaviour of the table: a click that opens a record, a class that highlights a row. */
  onRow?: TableProps<Row>['onRow'];
  rowClassName?: TableProps<Row>['rowClassName'];
  /** Shown above the table with the latest answer (totals a list endpoint sends beside `list`). */
  header?: (response: (ListResponse<Row> & Record<string, unknown>) | undefined) => ReactNode;
  /** Rows that open to show more (details that do not fit a column). */
  expandable?: TableProps<Row>['expandable'];
  /** A row under the table from the latest answer (totals over every page, for example). */
  summary?: (response: (ListResponse<Row> & Record<string, unknown>) | undefined) => ReactNode;
}

/** Every list of a url shares this key prefix: invalidate it after a change to reload the list. */
export const listQueryKey = (url: string) => ['list', url] as const;

const PAGE_SIZE_OPTIONS = [10, 20, 50, PAGE_SIZE_MAX];
const clampPageSize = (size: number) => Math.min(Math.max(1, size), PAGE_SIZE_MAX);

function sortOf<Row>(sorter: Parameters<NonNullable<TableProps<Row>['onChange']>>[2]): ListSort | undefined {
  const first = Array.isArray(sorter) ? sorter.find((s) => s.order) : sorter;
  if (!first?.order) return undefined;
  const key = first.columnKey ?? first.field;
  const field = Array.isArray(key) ? key.join('.') : String(key ?? '');
  return field ? { field, order: first.order } : undefined;
}

/**
 * The list-page pattern (design.md §5): search form, toolbar, paged table. The table is fed by
 * `post(url, {pageNum, pageSize, sort, ...filters})` answering `{list, total}`.
 */
export function ListPage<Row extends object, Filters extends object = Record<string, unknown>>({
  url,
  columns,
  rowKey,
  searchFields,
  initialFilters,
  toRequest,
  toolbar,
  defaultPageSize = PAGE_SIZE_DEFAULT,
  defaultSort,
  rowSelection,
  onRow,
  rowClassName,
  header,
  expandable,
  summary,
}: ListPageProps<Row, Filters>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters | undefined>(initialFilters);
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(clampPageSize(defaultPageSize));
  const [sort, setSort] = useState<ListSort | undefined>(defaultSort);

  const requestOf = (values: Filters | undefined): object => (values ? (toRequest ? toRequest(values) : values) : {});
  const requestFilters = requestOf(filters);
  const page = { ...requestFilters, pageSize, ...(sort ? { sort } : {}) };
  // A list that answers `nextCursor` (the Job List, docs/api-conventions.md) gets it back with the next
  // page's request, so the server seeks instead of counting past the earlier rows.
  const cursors = useRef(new Map<string, string>());
  const cursorKey = (n: number) => JSON.stringify([page, n]);
  const cursor = cursors.current.get(cursorKey(pageNum));
  const body = { ...page, pageNum, ...(cursor ? { cursor } : {}) };
  const query = useQuery({
    queryKey: [...listQueryKey(url), body],
    queryFn: async () => {
      const answer = await post<ListResponse<Row> & Record<string, unknown>>(url, body);
      if (typeof answer.nextCursor === 'string') {
        if (cursors.current.size > 200) cursors.current.clear();
        cursors.current.set(cursorKey(pageNum + 1), answer.nextCursor);
      }
      return answer;
    },
    placeholderData: keepPreviousData,
  });
  const refresh = () => void query.refetch();

  const search = (values: Filters) => {
    // Compared as sent: an empty form and no filters at all ask for the same list.
    const unchanged = pageNum === 1 && JSON.stringify(requestOf(values)) === JSON.stringify(requestFilters);
    setFilters(values);
    setPageNum(1);
    // The same search again still means "show me the latest".
    if (unchanged) refresh();
  };

  const reset = () => {
    form.resetFields();
    search(form.getFieldsValue(true));
  };

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      setSort(sortOf<Row>(sorter));
      setPageNum(1);
      return;
    }
    const nextSize = clampPageSize(pagination.pageSize ?? pageSize);
    setPageNum(nextSize === pageSize ? (pagination.current ?? 1) : 1);
    setPageSize(nextSize);
  };

  return (
    <Flex vertical gap={16}>
      {searchFields ? (
        <Form form={form} layout="inline" initialValues={initialFilters} onFinish={search} data-testid="list-search">
          {searchFields}
          <Form.Item>
            <Space>
              <GuardedButton type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common.actions.search')}
              </GuardedButton>
              <Button onClick={reset} icon={<UndoOutlined />}>
                {t('common.actions.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      {toolbar ? <Flex gap={8}>{typeof toolbar === 'function' ? toolbar({ refresh }) : toolbar}</Flex> : null}
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={loadFailureText(query.error, t('common.list.loadFailed'))}
          action={
            // Refused for the role (10003): the server's message, and no Retry that cannot work.
            isForbidden(query.error) ? undefined : (
              <Button size="small" onClick={refresh}>
                {t('common.actions.retry')}
              </Button>
            )
          }
        />
      ) : null}
      {header ? header(query.data) : null}
      <Table<Row>
        rowKey={rowKey}
        onRow={onRow}
        rowClassName={rowClassName}
        columns={columns}
        rowSelection={rowSelection}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        onChange={onTableChange}
        expandable={expandable}
        summary={summary ? () => summary(query.data) : undefined}
        // Middle density: the wide back-office lists keep every column on a 1600 px screen (issue 8 item 11).
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.list.empty')} /> }}
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          // A capped total (a broad search of a large list) reads its cap and a plus ("10,000+", "200+"): at least that many.
          showTotal: (total) =>
            t(query.data?.totalCapped ? 'common.list.totalCapped' : 'common.list.total', {
              count: total,
              total: total.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US'),
            }),
        }}
      />
    </Flex>
  );
}
