import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Code } from '@tidyhouse/contract';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { post } from '@/lib/http';
import { setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { clickGuarded } from '@/test/guarded';
import { renderWithProviders } from '@/test/render';
import { FormModal } from './FormModal';
import { useRecordForm } from './useRecordForm';

interface Thing {
  id: number;
  name: string;
  version: number;
}

function ThingModal({ onClose = () => undefined }: { onClose?: () => void }) {
  const recordForm = useRecordForm<{ name: string }, Thing>({
    load: { queryKey: ['thing', 1], queryFn: () => post<Thing>('/thing/detail', { id: 1 }), toValues: (t) => ({ name: t.name }) },
    submit: (values, record) => post<Thing>('/thing/modify', { id: 1, version: record?.version, ...values }),
    onSaved: onClose,
    reloadAfterSave: false,
  });
  return (
    <FormModal title="Edit the thing" recordForm={recordForm} onClose={onClose}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

/** A server holding one record; `modify` answers what the test says. */
function thingServer(modify: (call: ApiCall, server: { thing: Thing }) => { code?: number; message?: string; data?: unknown }) {
  const server = { thing: { id: 1, name: 'Original', version: 3 } };
  const api = mockApi({
    '/thing/detail': () => ({ data: server.thing }),
    '/thing/modify': (call) => modify(call, server),
  });
  return { api, server };
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const save = () => clickGuarded(() => screen.getByTestId('form-modal-save'));

describe('FormModal with useRecordForm', () => {
  it('fills the form from the record and sends the version it read', async () => {
    setLocale('en');
    const onClose = vi.fn();
    const { api } = thingServer((call) => ({ data: { ...(call.body as Thing), version: 4 } }));
    renderWithProviders(<ThingModal onClose={onClose} />);
    await waitFor(() => expect(nameInput().value).toBe('Original'));
    fireEvent.change(nameInput(), { target: { value: 'Renamed' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('/thing/modify')[0]?.body).toEqual({ id: 1, version: 3, name: 'Renamed' });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('after 10009 shows the version someone else saved meanwhile', async () => {
    setLocale('en');
    const { api } = thingServer((_call, server) => {
      server.thing = { id: 1, name: 'Changed elsewhere', version: 4 };
      return { code: Code.CONFLICT, message: 'Someone else changed it first.' };
    });
    renderWithProviders(<ThingModal />);
    await waitFor(() => expect(nameInput().value).toBe('Original'));
    fireEvent.change(nameInput(), { target: { value: 'Mine' } });
    await save();
    expect(await screen.findByText('Someone else changed it first.')).toBeTruthy();
    await waitFor(() => expect(nameInput().value).toBe('Changed elsewhere'));
    // The next save (once the button's 2 s guard is over) sends the version now shown.
    await save();
    await waitFor(() => expect(api.callsTo('/thing/modify')).toHaveLength(2));
    expect(api.callsTo('/thing/modify')[1]?.body).toMatchObject({ version: 4 });
  });

  it('after a 10009 about a duplicate (record unchanged) keeps what the user typed', async () => {
    setLocale('en');
    const { api } = thingServer(() => ({ code: Code.CONFLICT, message: 'A thing named "Taken" already exists.' }));
    renderWithProviders(<ThingModal />);
    await waitFor(() => expect(nameInput().value).toBe('Original'));
    fireEvent.change(nameInput(), { target: { value: 'Taken' } });
    await save();
    expect(await screen.findByText('A thing named "Taken" already exists.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/thing/detail')).toHaveLength(2));
    expect(nameInput().value).toBe('Taken');
  });

  it('shows a 10001 about one of its fields under that field', async () => {
    setLocale('en');
    thingServer(() => ({
      code: Code.INVALID_INPUT,
      message: 'name: no campaign has this coupon code',
      data: {
        issues: [
          { field: 'name', message: 'name: no campaign has this coupon code' },
          { field: 'other', message: 'x' },
        ],
      },
    }));
    renderWithProviders(<ThingModal />);
    await waitFor(() => expect(nameInput().value).toBe('Original'));
    await save();
    const item = nameInput().closest('.ant-form-item') as HTMLElement;
    await waitFor(() =>
      expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe('name: no campaign has this coupon code'),
    );
  });
});
