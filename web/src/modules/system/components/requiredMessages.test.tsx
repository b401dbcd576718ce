import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { LaborTypeModal } from './LaborTypeModal';
import { RoleModal } from './RoleModal';
import { ZoneModal } from './ZoneModal';

/** Saves the empty dialog and answers the messages shown under its fields. */
async function emptySaveMessages(firstMessage: string): Promise<string[]> {
  fireEvent.click(screen.getByText(/^(Save|保 ?存)$/).closest('button')!);
  await screen.findByText(firstMessage, {}, { timeout: 10_000 });
  return [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent ?? '');
}

describe('required-field messages of the settings dialogs name their field', () => {
  it('role: both role names, in English', async () => {
    setLocale('en');
    registerStrings(strings);
    mockApi({});
    renderWithProviders(<RoleModal onClose={() => undefined} />);
    const messages = await emptySaveMessages('Role name (English) is required');
    expect(messages).toEqual(['Role name (English) is required', 'Role name (Chinese) is required']);
  });

  it('zone: name and code, in Chinese', async () => {
    setLocale('zh');
    registerStrings(strings);
    mockApi({});
    renderWithProviders(<ZoneModal onClose={() => undefined} />);
    const messages = await emptySaveMessages('名称为必填项');
    expect(messages).toContain('代码为必填项');
    expect(messages.every((text) => text !== '为必填项')).toBe(true);
  });

  it('labor type: names and the default hourly rate', async () => {
    setLocale('en');
    registerStrings(strings);
    mockApi({});
    renderWithProviders(<LaborTypeModal onClose={() => undefined} />);
    const messages = await emptySaveMessages('Default hourly rate is required');
    expect(messages).toEqual(expect.arrayContaining(['English name is required', 'Chinese name is required']));
  });
});
