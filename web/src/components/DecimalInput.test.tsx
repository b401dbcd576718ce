import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { DecimalInput } from './DecimalInput';
import { notNegative } from './formRules';

describe('DecimalInput (spec §5 numeric rule on blur)', () => {
  it.each([
    ['007', '7.00'],
    ['12.5', '12.50'],
    ['abc', '0.00'],
    ['', ''],
    ['1,234.56', '1234.56'],
    ['1,200', '1200.00'],
    ['-5', '-5.00'],
  ])('%j becomes %j when the field loses focus', (typed, expected) => {
    render(<DecimalInput aria-label="amount" />);
    const input = screen.getByLabelText<HTMLInputElement>('amount');
    fireEvent.change(input, { target: { value: typed } });
    expect(input.value).toBe(typed);
    fireEvent.blur(input);
    expect(input.value).toBe(expected);
  });

  it('keeps the text as typed until blur, and reports the formatted value to a Form', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="price">
          <DecimalInput aria-label="price" />
        </Form.Item>
        <button type="submit">go</button>
      </Form>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('price');
    fireEvent.change(input, { target: { value: '0009.999' } });
    expect(input.value).toBe('0009.999');
    fireEvent.blur(input);
    expect(input.value).toBe('10.00');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: '10.00' }));
  });

  it('refuses a negative with a message, not a silent zero, and nothing is sent', async () => {
    setLocale('en');
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="gratuity" rules={[notNegative()]}>
          <DecimalInput aria-label="gratuity" />
        </Form.Item>
        <button type="submit">go</button>
      </Form>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('gratuity');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await screen.findByText('must not be negative');
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '1,200' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ gratuity: '1200.00' }));
  });
});
