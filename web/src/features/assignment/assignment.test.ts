import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/api-error';
import { tr } from '../../i18n/tr';
import { layoutChoice } from '../../components/content/content-options';
import { TICKER_KEEP, TICKER_NONE, assignScreens, assignmentBody, validateAssignment } from './assignment';

const P = '00000000-0000-4000-8000-0000000000a1';
const T = '00000000-0000-4000-8000-0000000000b1';

describe('assignment', () => {
  it('needs a playlist and at least one screen', () => {
    const msg = 'Lütfen bir playlist ve en az bir ekran seçin';
    expect(validateAssignment({ playlistId: '', tickerChoice: TICKER_KEEP, screenIds: ['s1'] })).toBe(msg);
    expect(validateAssignment({ playlistId: P, tickerChoice: TICKER_KEEP, screenIds: [] })).toBe(msg);
    expect(validateAssignment({ playlistId: P, tickerChoice: TICKER_KEEP, screenIds: ['s1'] })).toBeNull();
  });

  it('leaves the ticker alone, clears it, or sets it', () => {
    expect(assignmentBody({ playlistId: P, tickerChoice: TICKER_KEEP, screenIds: [] })).toEqual({ currentPlaylist: P });
    expect(assignmentBody({ playlistId: P, tickerChoice: TICKER_NONE, screenIds: [] }))
      .toEqual({ currentPlaylist: P, currentDirectionPlaylist: null });
    expect(assignmentBody({ playlistId: P, tickerChoice: T, screenIds: [] }))
      .toEqual({ currentPlaylist: P, currentDirectionPlaylist: T });
  });

  it('assigns a layout instead of a playlist (docs/PRODUCT.md#layouts)', () => {
    expect(assignmentBody({ playlistId: layoutChoice(P), tickerChoice: TICKER_KEEP, screenIds: [] })).toEqual({ currentLayout: P });
    expect(assignmentBody({ playlistId: layoutChoice(P), tickerChoice: T, screenIds: [] }))
      .toEqual({ currentLayout: P, currentDirectionPlaylist: T });
  });

  it('sends one PUT per screen, all started before any finishes', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const put = vi.fn((id: string) => {
      started.push(id);
      return new Promise<void>((r) => release.push(r));
    });
    const run = assignScreens({ playlistId: P, tickerChoice: TICKER_KEEP, screenIds: ['s1', 's2', 's3'] }, put);
    expect(started).toEqual(['s1', 's2', 's3']);
    release.forEach((r) => r());
    await expect(run).resolves.toBeUndefined();
    expect(put).toHaveBeenCalledWith('s2', { currentPlaylist: P });
  });

  it("reports a failure with the server's text, after every request has finished", async () => {
    const put = vi.fn(async (id: string) => {
      if (id === 's2') throw new ApiError('Ekran bulunamadı', 404, 'NOT_FOUND');
    });
    const err = await assignScreens({ playlistId: P, tickerChoice: TICKER_KEEP, screenIds: ['s1', 's2', 's3'] }, put).catch((e: unknown) => e);
    expect(errorMessage(err, tr.assignment.error)).toBe('Atama yapılırken hata oluştu: Ekran bulunamadı');
    expect(put).toHaveBeenCalledTimes(3);
  });
});
