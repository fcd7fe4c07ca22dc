import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TScreenHealth } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { apiFile } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { Button } from '../../components/ui';
import { useRequestScreenshot } from './api/use-request-screenshot';
import { formatMoment } from './health-format';

/** A request the player has not answered by then is reported as unanswered (the button works again). */
export const SCREENSHOT_WAIT_MS = 30_000;

/**
 * The latest image of a screen (a requested screenshot, or the player's thumbnail of every
 * 10 minutes), fetched with the token as a blob whenever `screen:health` names a newer one.
 * Until the new one is in, the old one stays; its object URL is revoked when replaced.
 */
function useScreenshotImage(screenId: string, takenAt: string | null) {
  const image = useQuery({
    queryKey: ['screenshot', screenId, takenAt],
    queryFn: async ({ signal }) => (await apiFile(`/api/screens/${screenId}/screenshot`, signal)).blob,
    enabled: takenAt !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);
  return { src: image.data ? src : null, failed: image.isError };
}

type Props = {
  screenId: string; screenName: string; health: TScreenHealth | undefined;
  /**
   * Online now or seen before (its health may say so too): a screen that never connected has
   * no player to ask, so it gets no button.
   */
  connected: boolean;
};

/**
 * The latest image of the screen with its time, and 'Ekran Görüntüsü Al' beside the time (not
 * among the card's actions: three buttons would not share one line in a card of the grid).
 */
export function ScreenShot({ screenId, screenName, health, connected }: Props) {
  const t = tr.health;
  const shot = health?.screenshot ?? null;
  const { src, failed } = useScreenshotImage(screenId, shot?.takenAt ?? null);
  const request = useScreenshotRequest(screenId, health);
  if (!connected && !health?.online && !health?.reportedAt && !shot) return null;
  return (
    <div className="screen-shot" data-testid="screen-shot">
      {shot && (src ? <img src={src} alt={t.screenshotAlt(screenName)} /> : <div className="screen-shot-empty" aria-hidden="true" />)}
      <div className="screen-shot-bar">
        {shot && (
          <span className="muted" data-testid="screen-shot-time">
            <time dateTime={shot.takenAt}>{t.takenAt(formatMoment(shot.takenAt, Date.now()))}</time>
            {shot.kind === 'thumbnail' && ` · ${t.thumbnail}`}
          </span>
        )}
        <Button size="sm" variant="secondary" onClick={request.ask} busy={request.waiting} busyText={t.requesting}
          aria-label={`${t.screenshot}: ${screenName}`}>
          {t.screenshot}
        </Button>
      </div>
      {failed && <p className="field-error">{t.imageError}</p>}
      {request.problem && <p className="field-error" role="alert" data-testid="screenshot-error">{request.problem}</p>}
    </div>
  );
}

/**
 * 'Ekran Görüntüsü Al': asks, then says 'İsteniyor…' until `screen:health` brings a screenshot
 * newer than the one shown when asked (ScreenShot then shows it), or until SCREENSHOT_WAIT_MS.
 */
function useScreenshotRequest(screenId: string, health: TScreenHealth | undefined) {
  const request = useRequestScreenshot();
  const [asked, setAsked] = useState<{ before: number } | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const shot = health?.screenshot ?? null;
  const arrived = asked !== null && shot?.kind === 'screenshot' && Date.parse(shot.takenAt) > asked.before;
  const waiting = asked !== null && !arrived && !unanswered && !request.isError;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setUnanswered(true), SCREENSHOT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const ask = () => {
    setAsked({ before: shot ? Date.parse(shot.takenAt) : -Infinity });
    setUnanswered(false);
    request.mutate(screenId);
  };
  const problem = request.isError
    ? errorMessage(request.error, tr.health.screenshotError)
    : unanswered ? tr.health.screenshotTimeout : null;
  return { ask, waiting: waiting || request.isPending, problem };
}
