import { QUOTE_PARAM_LIMITS, QUOTE_PARAM_TITLES, type QuoteParams } from '@tidyhouse/contract';
import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { convertedRange, requiredText, requiredValue } from './rules';
import { SettingsCard } from './SettingsCard';
import { QUOTE_SETTINGS_QUERY_KEY, useTitle } from './shared';
import {
  paymentTermsText,
  QUOTE_PARAM_NAMES,
  QUOTE_PARAM_UNITS,
  type QuoteParamValues,
  quoteParamsToRequest,
  quoteParamsToValues,
} from './units';

/** The typed payment terms in words ("Due on receipt", "Net 30 days"), as invoices will state them. */
function PaymentTermsWords() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const days = Form.useWatch('paymentTermsDays', form);
  const value = Number(days);
  if (days === undefined || days === null || days === '' || !Number.isInteger(value) || value < 0) return null;
  const terms = paymentTermsText(value);
  const words = 'count' in terms ? t(terms.key, { count: terms.count }) : t(terms.key);
  return <div data-testid="payment-terms-words">{words}</div>;
}

/** The quote parameters of spec §9 and the payment terms, each in its unit and within its limits. */
export function QuoteParamsCard() {
  const { t } = useTranslation();
  const title = useTitle();
  const recordForm = useRecordForm<QuoteParamValues, QuoteParams>({
    load: {
      queryKey: ['sysParam', 'quoteParams'],
      queryFn: () => post<QuoteParams>('/sysParam/quoteParams'),
      toValues: quoteParamsToValues,
    },
    submit: (values, record) =>
      post<QuoteParams>('/sysParam/quoteParamsModify', quoteParamsToRequest(values, record?.version ?? 0)),
    invalidates: [QUOTE_SETTINGS_QUERY_KEY],
  });

  return (
    <SettingsCard title={t('system.params.quote.title')} recordForm={recordForm} testId="quote-card">
      <Row gutter={24}>
        {QUOTE_PARAM_NAMES.map((name) => {
          const unit = QUOTE_PARAM_UNITS[name];
          const { min, max } = QUOTE_PARAM_LIMITS[name];
          const limits = t('system.params.quote.limits', { min: unit.show(min), max: unit.show(max) });
          return (
            <Col key={name} xs={24} md={12}>
              <Form.Item
                name={name}
                label={title(QUOTE_PARAM_TITLES[name])}
                extra={
                  <>
                    {`${t(`system.params.quote.help.${name}`)} ${limits}`}
                    {name === 'paymentTermsDays' && <PaymentTermsWords />}
                  </>
                }
                rules={[
                  ...(unit.kind === 'decimal' ? requiredText(QUOTE_PARAM_TITLES[name]) : requiredValue(QUOTE_PARAM_TITLES[name])),
                  unit.kind === 'decimal'
                    ? convertedRange(unit.fromText, min, max, unit.show)
                    : convertedRange((text) => (/^\d+$/.test(text) ? Number(text) : null), min, max, unit.show),
                ]}
              >
                {unit.kind === 'decimal' ? <DecimalInput style={{ maxWidth: 220 }} /> : <InputNumber style={{ width: 220 }} />}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
    </SettingsCard>
  );
}
