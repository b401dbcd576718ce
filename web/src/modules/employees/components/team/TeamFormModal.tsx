import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamListItem } from '@tidyhouse/contract';
import { Flex, Form, Input, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required, ValidationMessage } from '@/components/formRules';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { invalidateTeams, isConflict, useZoneOptions } from '../../api';

interface TeamValues {
  name?: string;
  color: string;
  textColor: string;
  vehicle?: string;
  mobile?: string;
  defaultZoneId?: number | null;
  active: boolean;
}

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const colorRules = [{ pattern: COLOR_PATTERN, message: <ValidationMessage messageKey="validation.colorFormat" /> }];

/**
 * Adding or editing a team: name, colours, vehicle, mobile, default zone, active. The colours use the
 * browser's own colour picker (an antd Input of type color, '#rrggbb'): antd's ColorPicker would add
 * about 7 kB (gzip) to every screen's first load through the shared chunk.
 */
export function TeamFormModal({ team, onClose }: { team?: TeamListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamValues>();
  const queryClient = useQueryClient();
  const zones = useZoneOptions();
  const preview = Form.useWatch([], form);

  const save = useMutation({
    mutationFn: async (values: TeamValues) => {
      const fields = {
        name: values.name?.trim() ?? '',
        color: values.color,
        textColor: values.textColor,
        vehicle: values.vehicle?.trim() ?? '',
        mobile: values.mobile?.trim() ?? '',
        defaultZoneId: values.defaultZoneId ?? null,
      };
      if (!team) return post('/ygTeam/add', { ...fields, active: values.active });
      await post('/ygTeam/modify', { id: team.id, version: team.version, ...fields });
      // Active is its own action (refused while the team has members).
      if (values.active !== team.active) await post('/ygTeam/updateState', { id: team.id, active: values.active });
      return null;
    },
    onSuccess: () => {
      showSuccess(t('employees.team.saved'));
      onClose();
    },
    onError: (error) => {
      if (isConflict(error)) onClose();
    },
    onSettled: () => invalidateTeams(queryClient),
  });

  const initialValues: TeamValues = team
    ? {
        name: team.name,
        color: team.color,
        textColor: team.textColor,
        vehicle: team.vehicle,
        mobile: team.mobile,
        defaultZoneId: team.defaultZoneId,
        active: team.active,
      }
    : { name: '', color: '#1677ff', textColor: '#ffffff', vehicle: '', mobile: '', defaultZoneId: null, active: true };

  return (
    <ActionModal
      title={team ? t('employees.team.editTitle', { name: team.name }) : t('employees.team.addTitle')}
      onOk={form.submit}
      onClose={onClose}
      saving={save.isPending}
    >
      <Form<TeamValues> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => save.mutate(values)}>
        <Form.Item name="name" label={t('employees.team.name')} rules={[required('validation.teamNameRequired')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Flex gap={24} align="end" wrap>
          <Form.Item name="color" label={t('employees.team.color')} rules={colorRules}>
            <Input type="color" style={{ width: 72, padding: 2 }} />
          </Form.Item>
          <Form.Item name="textColor" label={t('employees.team.textColor')} rules={colorRules}>
            <Input type="color" style={{ width: 72, padding: 2 }} />
          </Form.Item>
          <Form.Item label={t('employees.team.preview')}>
            <Tag style={{ background: preview?.color, color: preview?.textColor, borderColor: preview?.color }}>
              {preview?.name || t('employees.team.name')}
            </Tag>
          </Form.Item>
        </Flex>
        <Form.Item name="vehicle" label={t('employees.team.vehicle')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="mobile" label={t('employees.team.mobile')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="defaultZoneId" label={t('employees.team.defaultZone')}>
          <Select
            allowClear
            loading={zones.isPending}
            options={zones.data?.map((zone) => ({
              value: zone.id,
              label: (
                <Flex gap={6} align="center">
                  <span style={{ width: 10, height: 10, borderRadius: 2, background: zone.color, display: 'inline-block' }} />
                  {zone.name} ({zone.code})
                </Flex>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="active"
          label={t('employees.team.active')}
          valuePropName="checked"
          extra={t('employees.team.activeHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
