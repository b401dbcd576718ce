import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { required, samePassword } from './formRules';

function PasswordForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="uname" rules={[required('validation.userNameRequired')]}>
        <Input aria-label="uname" />
      </Form.Item>
      <Form.Item name="password" rules={[required('validation.passwordRequired', { whitespace: false })]}>
        <Input aria-label="password" />
      </Form.Item>
      <Form.Item name="verifyPassword" dependencies={['password']} rules={[samePassword()]}>
        <Input aria-label="verify" />
      </Form.Item>
      <button type="submit">submit</button>
    </Form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('form rules with the contract messages', () => {
  it('shows the required messages of spec §5, translated, and follows a language switch', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<PasswordForm onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('用户名为必填项')).toBeTruthy();
    expect(screen.getByText('密码为必填项')).toBeTruthy();

    act(() => setLocale('en'));
    expect(await screen.findByText('user name is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('counts blank text as empty for a name, but accepts a password of spaces', async () => {
    setLocale('en');
    const onFinish = vi.fn();
    renderWithProviders(<PasswordForm onFinish={onFinish} />);
    type('uname', '   ');
    type('password', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('user name is required')).toBeTruthy();
    expect(screen.queryByText('password is required')).toBeNull();
  });

  it("rejects a verify password that differs: 'The password is inconsistent twice!'", async () => {
    setLocale('en');
    const onFinish = vi.fn();
    renderWithProviders(<PasswordForm onFinish={onFinish} />);
    type('uname', 'ada');
    type('password', 'secret-one');
    type('verify', 'secret-two');
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('The password is inconsistent twice!')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    type('verify', 'secret-one');
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ uname: 'ada', password: 'secret-one', verifyPassword: 'secret-one' }),
    );
    await waitFor(() => expect(screen.queryByText('The password is inconsistent twice!')).toBeNull());
  });

  it('accepts a chosen number or date in a required select or date picker (not only text)', async () => {
    setLocale('en');
    const onFinish = vi.fn();
    const date = dayjs('2026-03-02');
    renderWithProviders(
      <Form onFinish={onFinish} initialValues={{ roleId: 3, hireDate: date }}>
        <Form.Item name="roleId" rules={[required('validation.jobRoleRequired')]}>
          <Select aria-label="role" options={[{ value: 3, label: 'Scheduler' }]} />
        </Form.Item>
        <Form.Item name="hireDate" rules={[required('validation.startDateRequired')]}>
          <DatePicker aria-label="date" />
        </Form.Item>
        <button type="submit">submit</button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ roleId: 3, hireDate: date }));
    expect(screen.queryByText('job role is required')).toBeNull();
  });
});
