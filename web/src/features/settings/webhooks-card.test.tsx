import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TWebhook, TWebhookDelivery } from '@pano/contract';
import { DialogHost } from '../../components/ui/dialog-host';
import { useDialogStore } from '../../components/ui/dialog-store';
import { apiServer, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { WebhooksCard } from './webhooks-card';

afterEach(() => {
  cleanup();
  useDialogStore.setState({ current: null, queue: [] });
});

const at = '2026-11-01T09:00:00.000Z';
const crm: TWebhook = {
  _id: '00000000-0000-4000-8000-000000000001', url: 'https://crm.example.com/pano', events: ['screen.offline', 'alert.started'],
  enabled: true, disabledReason: null, failingSince: null, createdAt: at,
};
const oldHook: TWebhook = {
  _id: '00000000-0000-4000-8000-000000000002', url: 'https://eski.example.com/hook', events: ['media.ready'],
  enabled: false, disabledReason: '24 saattir başarısız olduğu için Pano bu webhook\'u kapattı.', failingSince: '2026-10-30T08:15:00.000Z', createdAt: at,
};
const delivery = (over: Partial<TWebhookDelivery>): TWebhookDelivery => ({
  _id: 'msg_1', event: 'screen.offline', status: 'succeeded', attempts: 1, responseStatus: 200, durationMs: 42,
  responseBody: null, error: null, createdAt: at, lastAttemptAt: at, nextAttemptAt: null, ...over,
});

type Setup = { hooks?: TWebhook[]; deliveries?: Record<string, TWebhookDelivery[]>; createRefusal?: { message: string; code: string } };

function open({ hooks: start = [crm, oldHook], deliveries = {}, createRefusal }: Setup = {}) {
  const calls: RecordedCall[] = [];
  let hooks = [...start];
  apiServer.use(
    http.get('/api/webhooks', recorded(calls, () => HttpResponse.json(hooks))),
    http.post('/api/webhooks', recorded(calls, async ({ request }) => {
      if (createRefusal) return HttpResponse.json(createRefusal, { status: 400 });
      const body = await request.clone().json() as { url: string; events: TWebhook['events']; enabled: boolean };
      const made: TWebhook = { ...body, _id: '00000000-0000-4000-8000-000000000003', disabledReason: null, failingSince: null, createdAt: at };
      hooks = [...hooks, made];
      return HttpResponse.json({ ...made, secret: 'whsec_c2VjcmV0LW9uY2U=' }, { status: 201 });
    })),
    http.put('/api/webhooks/:id', recorded(calls, async ({ request, params }) => {
      const body = await request.clone().json() as { url: string; events: TWebhook['events']; enabled: boolean };
      hooks = hooks.map((h) => (h._id === params.id ? { ...h, ...body } : h));
      return HttpResponse.json(hooks.find((h) => h._id === params.id));
    })),
    http.delete('/api/webhooks/:id', recorded(calls, ({ params }) => {
      hooks = hooks.filter((h) => h._id !== params.id);
      return HttpResponse.json({ message: 'Webhook silindi' });
    })),
    http.get('/api/webhooks/:id/deliveries', recorded(calls, ({ params }) => HttpResponse.json(deliveries[String(params.id)] ?? []))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><WebhooksCard /><DialogHost /></QueryClientProvider>);
  return calls;
}

const sent = (calls: RecordedCall[], method: string) => calls.filter((c) => c.method === method);

describe('WebhooksCard', { timeout: 15_000 }, () => {
  it('refuses no events and a bad address by the contract, without a request', async () => {
    const calls = open({ hooks: [] });
    const user = userEvent.setup();
    expect(await screen.findByText('Henüz webhook yok.')).toBeTruthy();
    await user.type(screen.getByLabelText('Adres'), 'https://crm.example.com/pano');
    await user.click(screen.getByRole('button', { name: 'Webhook Ekle' }));
    expect(await screen.findByText('Lütfen en az bir olay seçin')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Medya hazır' }));
    await user.clear(screen.getByLabelText('Adres'));
    await user.type(screen.getByLabelText('Adres'), 'crm.example.com/pano');
    await user.click(screen.getByRole('button', { name: 'Webhook Ekle' }));
    expect(await screen.findByText('Webhook adresi http:// ya da https:// ile başlayan geçerli bir adres olmalıdır')).toBeTruthy();
    expect(screen.queryByText('Lütfen en az bir olay seçin')).toBeNull();
    expect(sent(calls, 'POST')).toEqual([]);
  });

  it('adds a hook with { url, events, enabled: true } and shows its secret once', async () => {
    const calls = open();
    const user = userEvent.setup();
    await screen.findAllByTestId('webhook');
    await user.type(screen.getByLabelText('Adres'), 'https://yeni.example.com/olaylar');
    await user.click(screen.getByRole('checkbox', { name: 'Ekran çevrimdışı oldu' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acil duyuru bitti' }));
    await user.click(screen.getByRole('button', { name: 'Webhook Ekle' }));

    const secret = await screen.findByTestId('webhook-secret');
    expect(sent(calls, 'POST')[0]?.body).toEqual({ url: 'https://yeni.example.com/olaylar', events: ['screen.offline', 'alert.ended'], enabled: true });
    expect(secret.textContent).toContain('whsec_c2VjcmV0LW9uY2U=');
    expect(secret.textContent).toContain('bir daha gösterilmeyecek');
    expect(within(secret).getByRole('button', { name: 'Kopyala' })).toBeTruthy();

    await user.click(within(secret).getByRole('button', { name: 'Kaydettim, kapat' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('webhook')).toHaveLength(3));
    expect(document.body.textContent).not.toContain('whsec_');
    expect((screen.getByLabelText('Adres') as HTMLInputElement).value).toBe('');
  });

  it('says the server\'s refusal of an address in a banner', async () => {
    const calls = open({ createRefusal: { message: 'Webhook adresi özel ya da iç ağdaki bir adrese çıkıyor', code: 'WEBHOOK_URL_PRIVATE' } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Adres'), 'https://192.168.1.10/hook');
    await user.click(screen.getByRole('checkbox', { name: 'Medya hazır' }));
    await user.click(screen.getByRole('button', { name: 'Webhook Ekle' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Webhook eklenemedi: Webhook adresi özel ya da iç ağdaki bir adrese çıkıyor');
    expect(sent(calls, 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('lists each hook\'s address, events, state, why it was turned off and since when it fails', async () => {
    open();
    const [on, off] = await screen.findAllByTestId('webhook');
    expect(on!.textContent).toContain('https://crm.example.com/pano');
    expect(on!.textContent).toContain('Açık');
    expect(on!.textContent).toContain('Ekran çevrimdışı oldu');
    expect(on!.textContent).toContain('Acil duyuru başladı');
    expect(on!.textContent).not.toContain('başarısız');
    expect(within(on!).getByRole('button', { name: 'Kapat: https://crm.example.com/pano' })).toBeTruthy();

    expect(off!.textContent).toContain('Kapalı');
    expect(off!.textContent).toContain('Medya hazır');
    expect(within(off!).getByRole('status').textContent).toContain('Pano bu webhook\'u kapattı');
    expect(off!.textContent).toMatch(/Şu tarihten beri başarısız: 30\.10\.2026 \d\d:15/);
    expect(within(off!).getByRole('button', { name: 'Aç: https://eski.example.com/hook' })).toBeTruthy();
  });

  it('turns a hook off and on with a PUT of the same address and events', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kapat: https://crm.example.com/pano' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]).toEqual({ method: 'PUT', url: `/api/webhooks/${crm._id}`, body: { url: crm.url, events: crm.events, enabled: false } });

    await user.click(await screen.findByRole('button', { name: 'Aç: https://crm.example.com/pano' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(2));
    expect(sent(calls, 'PUT')[1]?.body).toEqual({ url: crm.url, events: crm.events, enabled: true });
  });

  it('edits a hook\'s address and events in its line, keeping whether it is on', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Düzenle: https://eski.example.com/hook' }));
    const line = screen.getAllByTestId('webhook')[1]!;
    const address = within(line).getByLabelText('Adres') as HTMLInputElement;
    expect(address.value).toBe(oldHook.url);
    await user.clear(address);
    await user.type(address, 'https://yeni.example.com/hook');
    await user.click(within(line).getByRole('checkbox', { name: 'Medya işlenemedi' }));
    await user.click(within(line).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ url: 'https://yeni.example.com/hook', events: ['media.ready', 'media.failed'], enabled: false });
    expect(await screen.findByRole('button', { name: 'Düzenle: https://yeni.example.com/hook' })).toBeTruthy();
  });

  it('deletes a hook only after confirming', async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sil: https://crm.example.com/pano' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal' }));
    expect(sent(calls, 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sil: https://crm.example.com/pano' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(sent(calls, 'DELETE').map((c) => c.url)).toEqual([`/api/webhooks/${crm._id}`]));
    await waitFor(() => expect(screen.getAllByTestId('webhook')).toHaveLength(1));
  });

  it('shows each delivery\'s event, status, attempts, code, duration and the answer', async () => {
    open({
      deliveries: {
        [crm._id]: [
          delivery({ _id: 'msg_2', event: 'alert.started', status: 'failed', attempts: 3, responseStatus: 500, durationMs: 1234, responseBody: '{"error":"veritabanı kapalı"}' }),
          delivery({ _id: 'msg_1', status: 'failed', attempts: 8, responseStatus: null, durationMs: null, error: 'Bağlantı 10 saniyede kurulamadı' }),
        ],
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gönderimler: https://eski.example.com/hook' }));
    expect(await screen.findByText('Henüz gönderim yok.')).toBeTruthy();

    const toggle = screen.getByRole('button', { name: 'Gönderimler: https://crm.example.com/pano' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const [answered, unanswered] = await screen.findAllByTestId('webhook-delivery');
    expect(answered!.textContent).toContain('Acil duyuru başladı');
    expect(answered!.textContent).toContain('Başarısız');
    expect(answered!.textContent).toContain('3 deneme');
    expect(answered!.textContent).toContain('HTTP 500');
    expect(answered!.textContent).toContain('1.234 ms');
    const details = answered!.querySelector('details')!;
    expect(within(details).getByText('Yanıt').tagName).toBe('SUMMARY');
    expect(details.open).toBe(false);
    expect(details.querySelector('pre')!.textContent).toBe('{"error":"veritabanı kapalı"}');

    expect(unanswered!.textContent).toContain('Ekran çevrimdışı oldu');
    expect(unanswered!.textContent).toContain('8 deneme');
    expect(unanswered!.textContent).toContain('Bağlantı 10 saniyede kurulamadı');
    expect(unanswered!.textContent).not.toContain('HTTP');
    expect(unanswered!.querySelector('details')).toBeNull();

    await user.click(toggle);
    expect(screen.queryAllByTestId('webhook-delivery')).toEqual([]);
  });

  it('sends a test, shows it in the deliveries and follows it while pending', async () => {
    const calls = open();
    const pending = delivery({ _id: 'msg_t', event: 'webhook.test', status: 'pending', attempts: 1, responseStatus: null, durationMs: null, lastAttemptAt: null });
    let asked = 0;
    apiServer.use(
      http.post('/api/webhooks/:id/test', recorded(calls, () => HttpResponse.json(pending, { status: 202 }))),
      http.get('/api/webhooks/:id/deliveries', () => {
        asked += 1;
        if (asked === 1) return HttpResponse.json([pending]);
        return HttpResponse.json([{ ...pending, status: 'succeeded', responseStatus: 204, durationMs: 87, lastAttemptAt: at }]);
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test gönder: https://crm.example.com/pano' }));
    await waitFor(() => expect(sent(calls, 'POST').map((c) => c.url)).toEqual([`/api/webhooks/${crm._id}/test`]));
    const line = await screen.findByTestId('webhook-delivery');
    expect(line.textContent).toContain('Test');
    expect(line.textContent).toContain('Bekliyor');
    // Asked again 2 s later, while it was pending.
    await waitFor(() => expect(screen.getByTestId('webhook-delivery').textContent).toContain('Başarılı'), { timeout: 5_000 });
    expect(screen.getByTestId('webhook-delivery').textContent).toContain('HTTP 204');
    expect(screen.getByTestId('webhook-delivery').textContent).toContain('87 ms');
  });
});
