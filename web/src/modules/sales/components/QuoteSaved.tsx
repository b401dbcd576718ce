import { formatCents, type QuoteSaveResponse } from '@tidyhouse/contract';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';
import { DuplicateAlert } from './DuplicateAlert';
import { ZoneTag } from './ZoneTag';

/** After a save: the reference, the final offer, any duplicate warning, and where to go next. */
export function QuoteSaved({
  saved,
  onView,
  onNew,
}: {
  saved: QuoteSaveResponse;
  onView: (() => void) | null;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Flex vertical gap={16}>
      <Result
        status="success"
        title={<span data-testid="saved-reference">{t('sales.form.savedTitle', { reference: saved.reference })}</span>}
        subTitle={
          <span>
            {t('sales.form.savedText', { offer: formatCents(saved.finalOfferCents, locale) })} <ZoneTag zone={saved.zone} />
          </span>
        }
        extra={[
          onView ? (
            <Button key="view" type="primary" onClick={onView}>
              {t('sales.form.viewQuote')}
            </Button>
          ) : null,
          <Button key="new" onClick={onNew}>
            {t('sales.form.newQuote')}
          </Button>,
        ]}
      />
      <DuplicateAlert duplicates={saved.duplicates} />
    </Flex>
  );
}
