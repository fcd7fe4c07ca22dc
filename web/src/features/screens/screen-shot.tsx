import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TScreenHealth } from '@pano/contract';
import { tr } from '../../i18n/tr';
import { getBlob } from '../../lib/api-client';
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
    queryFn: ({ signal }) => getBlob(`/api/screens/${screenId}/screenshot`, signal),
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

type Props = { screenId: string; screenName: string; health: TScreenHealth | undefined };

/** The image with its time, shown on the card above its facts. */
export function ScreenShotFigure({ screenId, screenName, health }: Props) {
  const t = tr.health;
  const shot = health?.screenshot ?? null;
  const { src, failed } = useScreenshotImage(screenId, shot?.takenAt ?? null);
  if (!shot) return null;
  return (
    <figure className="screen-shot" data-testid="screen-shot">
      {src ? <img src={src} alt={t.screenshotAlt(screenName)} /> : <div className="screen-shot-empty" aria-hidden="true" />}
      <figcaption className="muted">
        <time dateTime={shot.takenAt}>{t.takenAt(formatMoment(shot.takenAt, Date.now()))}</time>
        {shot.kind === 'thumbnail' && ` · ${t.thumbnail}`}
        {failed && <span className="field-error"> · {t.imageError}</span>}
      </figcaption>
    </figure>
  );
}

/**
 * 'Ekran Görüntüsü Al': asks, then says 'İsteniyor…' until `screen:health` brings a screenshot
 * newer than the one shown when asked (the figure then shows it), or until SCREENSHOT_WAIT_MS.
 */
export function useScreenshotRequest(screenId: string, health: TScreenHealth | undefined) {
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

export function ScreenShotButton({ screenName, state }: { screenName: string; state: ReturnType<typeof useScreenshotRequest> }) {
  return (
    <Button size="sm" variant="secondary" onClick={state.ask} busy={state.waiting} busyText={tr.health.requesting}
      aria-label={`${tr.health.screenshot}: ${screenName}`}>
      {tr.health.screenshot}
    </Button>
  );
}
