import {
  ZIP_KIND_TITLES,
  ZIP_KINDS,
  type Zone,
  type ZoneAddRequest,
  type ZoneModifyRequest,
  ZZoneAddRequest,
} from '@tidyhouse/contract';
import { Col, ColorPicker, Form, Input, Row, Switch } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { contractRule } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { requiredText } from './rules';
import { useTitle } from './shared';
import { oneListRule, ZipTagsSelect, zipField, zipListRule } from './zips';

export const ZONE_LIST_URL = '/zone/queryList';

type ZoneValues = Omit<ZoneAddRequest, 'active'> & { active: boolean };

/** Colours offered first; any other can be picked. */
const PRESET_COLORS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#faad14',
  '#f5222d',
  '#2f54eb',
  '#8c8c8c',
];

const toValues = (zone: Zone): ZoneValues => ({
  name: zone.name,
  color: zone.color,
  code: zone.code,
  active: zone.active,
  primaryZips: zone.primaryZips,
  secondaryZips: zone.secondaryZips,
  exceptionZips: zone.exceptionZips,
});

const toRequest = (values: ZoneValues): ZoneAddRequest => ({
  name: values.name.trim(),
  color: values.color,
  code: values.code.trim().toUpperCase(),
  active: values.active,
  primaryZips: values.primaryZips ?? [],
  secondaryZips: values.secondaryZips ?? [],
  exceptionZips: values.exceptionZips ?? [],
});

/** Add or edit a zone: name, colour, code, active and its three ZIP lists (`id` absent: add). */
export function ZoneModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const title = useTitle();
  const recordForm = useRecordForm<ZoneValues, Zone>({
    load: id ? { queryKey: ['zone', 'detail', id], queryFn: () => post<Zone>('/zone/detail', { id }), toValues } : undefined,
    submit: (values, record) =>
      record
        ? post<Zone>('/zone/modify', { id: record.id, version: record.version, ...toRequest(values) } satisfies ZoneModifyRequest)
        : post<Zone>('/zone/add', toRequest(values)),
    invalidates: [listQueryKey(ZONE_LIST_URL), ['zone', 'options'], ['zone', 'lookup']],
    onSaved: onClose,
    reloadAfterSave: false,
  });

  return (
    <FormModal
      title={t(id ? 'system.zones.editTitle' : 'system.zones.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      width={680}
      initialValues={{ color: PRESET_COLORS[0], active: true, primaryZips: [], secondaryZips: [], exceptionZips: [] }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('system.common.name')} rules={requiredText('system.common.name')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="code"
            label={t('system.zones.code')}
            normalize={(value: string | undefined) => value?.toUpperCase()}
            rules={[...requiredText('system.zones.code'), contractRule(ZZoneAddRequest.shape.code, 'rule.zoneCode')]}
          >
            <Input maxLength={16} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="active" label={t('system.common.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="color"
        label={t('system.zones.color')}
        getValueFromEvent={(color: Color) => color.toHexString()}
        rules={[contractRule(ZZoneAddRequest.shape.color, 'rule.color')]}
      >
        <ColorPicker
          showText
          disabledAlpha
          format="hex"
          presets={[{ label: t('system.zones.presetColors'), colors: PRESET_COLORS }]}
        />
      </Form.Item>
      {ZIP_KINDS.map((kind) => (
        <Form.Item
          key={kind}
          name={zipField(kind)}
          label={title(ZIP_KIND_TITLES[kind])}
          extra={t(`system.zones.zipHelp.${kind}`)}
          dependencies={ZIP_KINDS.filter((k) => k !== kind).map(zipField)}
          rules={[zipListRule(), oneListRule(kind)]}
        >
          <ZipTagsSelect placeholder={t('system.zones.zipPlaceholder')} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
