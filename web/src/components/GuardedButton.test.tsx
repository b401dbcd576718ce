import { act, fireEvent, render, screen } from '@testing-library/react';
import { BUTTON_GUARD_MS } from '@tidyhouse/contract';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { GuardedButton } from './GuardedButton';

describe('GuardedButton', () => {
  it(`runs the action once and stays disabled for ${BUTTON_GUARD_MS} ms after a click`, async () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<GuardedButton onClick={onClick}>Save</GuardedButton>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

    fireEvent.click(button);
    fireEvent.click(button); // a double click before the next frame still counts once
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(BUTTON_GUARD_MS - 2));
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('still submits its form when it is the submit button', async () => {
    vi.useFakeTimers();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <GuardedButton htmlType="submit">Send</GuardedButton>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('respects its own disabled prop', () => {
    render(
      <GuardedButton disabled onClick={vi.fn()}>
        Save
      </GuardedButton>,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });
});
