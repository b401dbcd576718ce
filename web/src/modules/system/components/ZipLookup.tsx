import { Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationMessage } from '@/components/formRules';
import { GuardedButton } from '@/components/GuardedButton';
import { ZoneTag } from './ZoneTag';
import { normalZip } from './zips';
import { useZipZone } from './zoneLookup';

/** "Look up a ZIP": which zone serves it, with the zone's colour. */
export function ZipLookup() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [zip, setZip] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const lookup = useZipZone(zip);

  const search = (value: string) => {
    const found = normalZip(value);
    setInvalid(value.trim() !== '' && found === null);
    setZip(found);
  };

  const result = lookup.data;
  return (
    <Card size="small" title={t('system.zones.lookup.title')} data-testid="zip-lookup">
      <Flex gap={16} align="start" wrap>
        <Form.Item
          style={{ marginBottom: 0 }}
          validateStatus={invalid ? 'error' : undefined}
          help={invalid ? <ValidationMessage messageKey="rule.usZip" /> : undefined}
        >
          {/* Input and button apart (not Input.Search) so the button keeps the spec §5 click guard. */}
          <Space.Compact style={{ width: 280 }}>
            <Input
              aria-label={t('system.zones.lookup.zip')}
              placeholder={t('system.zones.lookup.placeholder')}
              value={text}
              maxLength={10}
              onChange={(event) => setText(event.target.value)}
              onPressEnter={() => search(text)}
            />
            <GuardedButton type="primary" loading={lookup.isFetching} onClick={() => search(text)}>
              {t('system.zones.lookup.button')}
            </GuardedButton>
          </Space.Compact>
        </Form.Item>
        <div data-testid="zip-lookup-result" style={{ paddingTop: 4 }}>
          {zip && lookup.isSuccess ? (
            result ? (
              <Typography.Text>
                {t('system.zones.lookup.found', { zip: result.zip })}{' '}
                <ZoneTag zone={result.zone} suffix={t(`system.zones.lookup.match.${result.match}`)} />
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('system.zones.lookup.none', { zip })}</Typography.Text>
            )
          ) : null}
          {zip && lookup.isError ? <Typography.Text type="danger">{t('system.zones.lookup.failed')}</Typography.Text> : null}
        </div>
      </Flex>
    </Card>
  );
}
