import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import type { TScreenHealthResponse } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { screenHealthKey } from '../../api/screen-health.api';
import { apiServer, recorded } from '../../testing/api-server';
import type { RecordedCall } from '../../testing/api-server';
import { HealthSettingsCard } from './health-settings-card';

afterEach(() => {
  cleanup();
});

function open(warnMinutes: number | undefined, answer: (body: { warnMinutes: number }) => Response) {
  const calls: RecordedCall[] = [];
  // GET /api/screens/health is the fake API's default: warning time 5, no screens.
  apiServer.use(http.put('/api/settings/health', recorded(calls, async ({ request }) => answer(await request.clone().json() as { warnMinutes: number }))));
  const qc = createQueryClient();
  qc.setQueryData<TScreenHealthResponse>(screenHealthKey, { warnMinutes: warnMinutes ?? 5, screens: [] });
  render(<QueryClientProvider client={qc}><HealthSettingsCard warnMinutes={warnMinutes} /></QueryClientProvider>);
  return { calls, qc };
}

const field = () => screen.getByLabelText('Uyarı süresi (dakika)') as HTMLInputElement;
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

describe("'Uyarı süresi (dakika)' on /settings", { timeout: 15_000 }, () => {
  it("starts at the saved time (5 by default), refuses what the contract refuses, and saves a valid one", async () => {
    const { calls, qc } = open(undefined, (body) => Response.json(body));
    const user = userEvent.setup();
    expect(field().value).toBe('5');

    for (const [typed, message] of [
      ['0', 'Uyarı süresi en az 1 dakika olmalıdır'],
      ['1441', 'Uyarı süresi en fazla 1440 dakika olabilir'],
      ['2.5', 'Uyarı süresi tam sayı olmalıdır'],
      ['', 'Uyarı süresi bir sayı olmalıdır'],
    ] as const) {
      await user.clear(field());
      if (typed) await user.type(field(), typed);
      await user.click(screen.getByRole('button', { name: 'Kaydet' }));
      expect(screen.getByText(message)).toBeTruthy();
      expect(field().getAttribute('aria-invalid')).toBe('true');
    }
    expect(puts(calls)).toEqual([]);

    await user.clear(field());
    await user.type(field(), '15');
    expect(field().getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Uyarı süresi kaydedildi')).toBeTruthy();
    expect(puts(calls)).toEqual([{ method: 'PUT', url: '/api/settings/health', body: { warnMinutes: 15 } }]);
    // The warnings follow the new time at once.
    expect(qc.getQueryData<TScreenHealthResponse>(screenHealthKey)?.warnMinutes).toBe(15);
  });

  it("shows the server's reason when the save fails", async () => {
    const { calls } = open(30, () => Response.json({ message: 'Uyarı süresi en az 1 dakika olmalıdır', code: 'VALIDATION_ERROR' }, { status: 400 }));
    const user = userEvent.setup();
    expect(field().value).toBe('30');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Uyarı süresi kaydedilemedi: Uyarı süresi en az 1 dakika olmalıdır'));
    expect(puts(calls)).toHaveLength(1);
  });
});
