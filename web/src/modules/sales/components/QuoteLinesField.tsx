import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { NUMBER_RANGES, type PriceLineKind, type QuotePriceItem } from '@tidyhouse/contract';
import { Button, Flex, Form, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange } from '@/components/formRules';
import { useLocale } from '@/lib/i18n';
import { intFromText, type QuoteLineValues } from '../quoteForm';

export interface QuoteLinesFieldProps {
  name: 'items' | 'extras';
  kinds: readonly PriceLineKind[];
  priceItems: readonly QuotePriceItem[];
  title: string;
  addLabel: string;
}

interface Row {
  key: number;
  name: number;
}

/** A table of price-list lines (item, quantity, minutes each, line minutes) bound to a Form.List. */
export function QuoteLinesField({ name, kinds, priceItems, title, addLabel }: QuoteLinesFieldProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = Form.useFormInstance();
  const lines = (Form.useWatch(name, form) ?? []) as QuoteLineValues[];
  const choices = priceItems.filter((item) => kinds.includes(item.kind));
  const byId = new Map(priceItems.map((item) => [item.priceItemId, item]));
  const itemName = (item: QuotePriceItem) => (locale === 'zh' ? item.nameZh : item.nameEn);
  const options: { label: string; options?: { value: number; label: string }[]; value?: number }[] = kinds.map((kind) => ({
    label: t(`sales.enums.kind.${kind}`),
    options: choices.filter((c) => c.kind === kind).map((c) => ({ value: c.priceItemId, label: itemName(c) })),
  }));

  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => {
        const columns: TableColumnsType<Row> = [
          {
            key: 'item',
            title: t('sales.fields.item'),
            width: 260,
            render: (_v, field) => (
              <Form.Item name={[field.name, 'priceItemId']} noStyle>
                <Select
                  style={{ width: 240 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('sales.form.pickItem')}
                  options={kinds.length > 1 ? options : (options[0]?.options ?? [])}
                  aria-label={`${title} ${field.name + 1} ${t('sales.fields.item')}`}
                  data-testid={`${name}-item-${field.name}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'quantity',
            title: t('sales.fields.quantity'),
            width: 110,
            render: (_v, field) => (
              <Form.Item
                name={[field.name, 'quantity']}
                rules={[numberRange(NUMBER_RANGES.quoteLineQuantity, 'sales.fields.quantity')]}
                style={{ marginBottom: 0 }}
              >
                <DecimalInput style={{ width: 90 }} aria-label={`${title} ${field.name + 1} ${t('sales.fields.quantity')}`} />
              </Form.Item>
            ),
          },
          {
            key: 'minutesEach',
            title: t('sales.fields.minutesEach'),
            align: 'right',
            render: (_v, field) => byId.get(lines[field.name]?.priceItemId ?? -1)?.minutesEach ?? '',
          },
          {
            key: 'lineMinutes',
            title: t('sales.fields.lineMinutes'),
            align: 'right',
            render: (_v, field) => {
              const line = lines[field.name];
              const item = byId.get(line?.priceItemId ?? -1);
              return item ? item.minutesEach * Math.max(1, intFromText(line?.quantity) ?? 1) : '';
            },
          },
          {
            key: 'remove',
            width: 48,
            render: (_v, field) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('sales.form.removeLine')}
                onClick={() => remove(field.name)}
              />
            ),
          },
        ];
        return (
          <Flex vertical gap={8} data-testid={`${name}-lines`}>
            <Typography.Text strong>{title}</Typography.Text>
            {fields.length > 0 ? (
              <Table<Row>
                size="small"
                pagination={false}
                columns={columns}
                dataSource={fields.map((f) => ({ key: f.key, name: f.name }))}
                rowKey="key"
              />
            ) : null}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ quantity: '1.00' })}
              style={{ alignSelf: 'flex-start' }}
            >
              {addLabel}
            </Button>
          </Flex>
        );
      }}
    </Form.List>
  );
}
