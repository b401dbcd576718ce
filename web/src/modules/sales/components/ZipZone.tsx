import { useQuery } from '@tanstack/react-query';
import type { ZoneLookupResult } from '@tidyhouse/contract';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/http';
import { isCompleteZip } from '../quoteForm';
import { ZoneTag } from './ZoneTag';

/** The zone a complete zip resolves to (/zone/lookup), with its colour; says so when no zone serves it. */
export function ZipZone() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const zip = ((Form.useWatch('zip', form) as string | undefined) ?? '').trim();
  const complete = isCompleteZip(zip);
  const zone = useQuery({
    queryKey: ['zone', 'lookup', zip],
    queryFn: () => post<ZoneLookupResult>('/zone/lookup', { zip }),
    enabled: complete,
    staleTime: 60_000,
  });
  return (
    <span data-testid="zip-zone">
      {complete && zone.isSuccess ? (
        zone.data ? (
          <ZoneTag zone={{ ...zone.data.zone }} />
        ) : (
          <Typography.Text type="secondary">{t('sales.form.zoneUnknown')}</Typography.Text>
        )
      ) : null}
    </span>
  );
}
