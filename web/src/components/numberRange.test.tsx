import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { NUMBER_RANGES } from '@tidyhouse/contract';
import { Form, InputNumber } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { DecimalInput } from './DecimalInput';
import { numberRange } from './formRules';

function RangeForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="teamSize" rules={[numberRange(NUMBER_RANGES.quoteTeamSize, 'common.form.saved')]}>
        <DecimalInput aria-label="team" />
      </Form.Item>
      <Form.Item name="amount" rules={[numberRange(NUMBER_RANGES.paymentAmountCents, 'common.form.saved')]}>
        <DecimalInput aria-label="amount" />
      </Form.Item>
      <Form.Item name="minutes" rules={[numberRange(NUMBER_RANGES.jobDurationMinutes, 'common.form.saved')]}>
        <InputNumber aria-label="minutes" />
      </Form.Item>
      <button type="submit">submit</button>
    </Form>
  );
}

const typeAndLeave = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('numberRange', () => {
  it('refuses a count that is not whole, zero where more is needed and an out-of-range number, without changing them', async () => {
    act(() => setLocale('en'));
    const onFinish = vi.fn();
    renderWithProviders(<RangeForm onFinish={onFinish} />);
    typeAndLeave('team', '007.5');
    typeAndLeave('amount', 'abc');
    typeAndLeave('minutes', '99999999');
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Saved. must be a whole number from 1 to 20')).toBeTruthy();
    expect(screen.getByText('Saved. must be more than $0.00 (at most $1,000,000.00)')).toBeTruthy();
    expect(screen.getByText('Saved. must be a whole number from 0 to 1,440')).toBeTruthy();
    // Nothing was rounded or clamped behind the user's back.
    expect((screen.getByLabelText('team') as HTMLInputElement).value).toBe('7.50');
    expect((screen.getByLabelText('minutes') as HTMLInputElement).value).toBe('99999999');
    expect(onFinish).not.toHaveBeenCalled();

    act(() => setLocale('zh'));
    expect(await screen.findByText('已保存。必须是 1 到 20 之间的整数')).toBeTruthy();
  });

  it('says "between" when the least allowed is more than one cent', async () => {
    act(() => setLocale('en'));
    const onFinish = vi.fn();
    renderWithProviders(
      <Form onFinish={onFinish}>
        <Form.Item name="wage" rules={[numberRange(NUMBER_RANGES.minimumWageCents, 'common.form.saved')]}>
          <DecimalInput aria-label="wage" />
        </Form.Item>
        <button type="submit">submit</button>
      </Form>,
    );
    typeAndLeave('wage', '0.5');
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Saved. must be between $1.00 and $100.00')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('lets values within the range through as typed', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<RangeForm onFinish={onFinish} />);
    typeAndLeave('team', '3');
    typeAndLeave('amount', '12.5');
    typeAndLeave('minutes', '90');
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ teamSize: '3.00', amount: '12.50', minutes: 90 }));
  });
});
