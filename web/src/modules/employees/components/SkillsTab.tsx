import { SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDetail, Skill } from '@tidyhouse/contract';
import { Alert, Button, Checkbox, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { loadFailureText, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { employeeKeys, useSkills } from '../api';
import { ManageSkillsModal } from './ManageSkillsModal';

export const skillName = (skill: Pick<Skill, 'nameEn' | 'nameZh'>, locale: string) =>
  locale === 'zh' ? skill.nameZh : skill.nameEn;

/**
 * The skills an employee can be given: the active ones, and inactive ones the employee already has
 * (they stay until unchecked, but nobody new gets them).
 */
export function offeredSkills(skills: Skill[], checked: readonly number[]): Skill[] {
  return skills.filter((skill) => skill.active || checked.includes(skill.id));
}

/** The Skills tab: the employee's skill set from the office's skill list (setUserSkill). */
export function SkillsTab({ employee }: { employee: EmployeeDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const skills = useSkills();
  const [checked, setChecked] = useState<number[]>(employee.skillIds);
  const [managing, setManaging] = useState(false);
  const save = useMutation({
    mutationFn: () => post('/sysUser/setUserSkill', { id: employee.id, skillIds: checked }),
    onSuccess: () => showSuccess(t('employees.skills.saved')),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: employeeKeys.detail(employee.id) }),
        queryClient.invalidateQueries({ queryKey: employeeKeys.skills }),
      ]),
  });
  const changed = [...checked].sort().join() !== [...employee.skillIds].sort().join();

  let body: ReactNode;
  if (skills.isPending) body = <Spin />;
  else if (skills.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={loadFailureText(skills.error, t('employees.common.loadFailed'))}
        action={
          <Button size="small" onClick={() => void skills.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  else {
    const offered = offeredSkills(skills.data, checked);
    body =
      offered.length === 0 ? (
        <Empty description={t('employees.skills.empty')} />
      ) : (
        <Checkbox.Group value={checked} onChange={(values) => setChecked(values as number[])} data-testid="skill-checks">
          <Flex wrap gap={12}>
            {offered.map((skill) => (
              <Checkbox key={skill.id} value={skill.id}>
                {skillName(skill, locale)}
                {skill.active ? null : <Tag style={{ marginInlineStart: 6 }}>{t('employees.skills.inactive')}</Tag>}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      );
  }

  return (
    <Flex vertical gap={16} align="start">
      <Typography.Text type="secondary">{t('employees.skills.intro')}</Typography.Text>
      {body}
      <Flex gap={8}>
        <GuardedButton
          type="primary"
          icon={<SaveOutlined />}
          loading={save.isPending}
          disabled={!changed}
          onClick={() => save.mutate()}
        >
          {t('employees.skills.save')}
        </GuardedButton>
        <Button icon={<SettingOutlined />} onClick={() => setManaging(true)}>
          {t('employees.skills.manage')}
        </Button>
      </Flex>
      {managing ? <ManageSkillsModal onClose={() => setManaging(false)} /> : null}
    </Flex>
  );
}
