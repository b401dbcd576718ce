import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { DeleteButton } from './DeleteButton';

const openDialog = () => screen.findByRole('dialog');

describe('DeleteButton', () => {
  it('asks "Are you sure you want to delete?" and does nothing when cancelled', async () => {
    setLocale('en');
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteButton onConfirm={onConfirm} />);

    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Are you sure you want to delete?');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onConfirm once the user agrees, and asks in Chinese by default', async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderWithProviders(<DeleteButton onConfirm={onConfirm}>Remove row</DeleteButton>);

    fireEvent.click(screen.getByRole('button', { name: /Remove row/ }));
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('确定要删除吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('can show only its icon, keeping the label as its name and tooltip', async () => {
    setLocale('en');
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteButton iconOnly onConfirm={onConfirm} />);

    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.textContent).toBe('');
    fireEvent.click(button);
    expect((await openDialog()).textContent).toContain('Are you sure you want to delete?');
  });
});
