import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPairDeviceResponse } from '@pano/contract';
import { deviceStorage } from './device-storage.js';
import { PairingView } from './pairing-view.js';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paired: TPairDeviceResponse = {
  deviceToken: 'yeni-anahtar',
  deviceId: '00000000-0000-4000-8000-000000000002',
  owner: { firstName: 'Ayşe' },
  screens: [{ _id: '00000000-0000-4000-8000-000000000001', name: 'Giriş' }],
};

/** The server is the outside world here: fetch answers the pairing as it would. */
function renderPairing(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  render(<PairingView deviceToken={null} onReady={() => {}} />);
  const sent = () => fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String(init.body))] as const);
  return { fetchMock, sent };
}

function submitCode(code: string) {
  fireEvent.change(screen.getByLabelText('Mobil kod'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Eşleştir' }));
}

// Issue #21, item 7: a device removed and paired again shows its old token, so the plays still
// queued for its old screen are accepted (docs/architecture/plays.md#play-records).
describe('PairingView: pairing again after the device was removed', () => {
  it('sends the kept token with the pairing, keeps it when the pairing fails, and forgets it once paired', async () => {
    deviceStorage.saveCredentials({ deviceToken: 'eski-anahtar', screenId: paired.screens[0]!._id });
    deviceStorage.forget(); // removed in the dashboard
    let answer = () => Promise.resolve(Response.json({ message: 'Geçersiz mobil kod' }, { status: 400 }));
    const { fetchMock, sent } = renderPairing(() => answer());

    submitCode('YANLIS');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Geçersiz mobil kod');
    expect(sent()[0]).toEqual(['/api/devices/pair', expect.objectContaining({ mobileCode: 'YANLIS', previousDeviceToken: 'eski-anahtar' })]);
    expect(deviceStorage.previousDeviceToken()).toBe('eski-anahtar');

    answer = () => Promise.resolve(Response.json(paired));
    submitCode(' KOD123 ');
    await screen.findByRole('button', { name: 'Giriş' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent()[1]).toEqual(['/api/devices/pair', expect.objectContaining({ mobileCode: 'KOD123', previousDeviceToken: 'eski-anahtar' })]);
    expect(deviceStorage.previousDeviceToken()).toBeNull();
    expect(deviceStorage.credentials()).toEqual({ deviceToken: 'yeni-anahtar', screenId: null });
  });

  it('a device paired for the first time sends no previous token', async () => {
    const { sent } = renderPairing(() => Promise.resolve(Response.json(paired)));
    submitCode('KOD123');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]![1]).not.toHaveProperty('previousDeviceToken');
    await screen.findByRole('button', { name: 'Giriş' });
  });
});
