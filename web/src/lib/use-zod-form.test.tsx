import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ZLoginRequest } from '@pano/contract';
import { Form } from '../components/ui';
import { lazySchema } from './lazy-schema';
import { firstMessage, useZodForm } from './use-zod-form';

afterEach(cleanup);

/** A form as the pages build one: an email field checked by a contract schema, a send that records what it got. */
function EmailForm({ schema, send }: { schema: Parameters<typeof useZodForm<{ email: string; password: string }, unknown>>[0]; send: (v: unknown) => void }) {
  const form = useZodForm(schema, { email: '', password: 'secret1' });
  const { errors } = form.formState;
  return (
    <Form onSubmit={form.handleSubmit(send)}>
      {errors.root && <p role="alert">{errors.root.message}</p>}
      <label>E-posta<input {...form.register('email')} /></label>
      {errors.email && <p>{errors.email.message}</p>}
      <button type="submit">Gönder</button>
    </Form>
  );
}

describe('useZodForm with a schema loaded on first use (lazySchema)', () => {
  it('says in Turkish that the page could not load, sends nothing, and tries the import again on the next submit', async () => {
    const load = vi.fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(ZLoginRequest);
    const send = vi.fn();
    render(<EmailForm schema={lazySchema(load)} send={send} />);
    await userEvent.type(screen.getByLabelText('E-posta'), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sunucuya ulaşılamadı ya da uygulama güncellendi. Bağlantınızı kontrol edip sayfayı yenileyin.');
    expect(send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({ email: 'a@b.co', password: 'secret1' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('imports the schema once, however often it is asked for', async () => {
    const load = vi.fn().mockResolvedValue(ZLoginRequest);
    const schema = lazySchema(load);
    schema.preload();
    schema.preload();
    await Promise.all([schema(), schema()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("checks with the contract's rules and messages, and a field's message goes when that field changes", async () => {
    const send = vi.fn();
    render(<EmailForm schema={ZLoginRequest} send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('E-posta zorunludur')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('E-posta'), 'x');
    await waitFor(() => expect(screen.queryByText('E-posta zorunludur')).toBeNull());
  });
});

describe('firstMessage', () => {
  it('finds the first message in the order of the fields, nested ones included', () => {
    expect(firstMessage({ name: undefined, items: { 0: { duration: { type: 'x', message: 'Süre geçersiz' } } }, screenIds: { type: 'x', message: 'Ekran seçin' } } as never))
      .toBe('Süre geçersiz');
    expect(firstMessage({})).toBeUndefined();
  });
});
