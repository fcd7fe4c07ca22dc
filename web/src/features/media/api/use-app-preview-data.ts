import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAppData, type TAppSettings } from '@pano/contract';
import { api } from '../../../lib/api-client';

/** How long the settings must stay as typed before the server fetches for them (the server allows 20 a minute). */
const SETTLE_MS = 800;

type Fetched = Extract<TAppSettings, { kind: 'rss' | 'weather' }>;
const fetched = (app: TAppSettings | null): app is Fetched => app?.kind === 'rss' || app?.kind === 'weather';

/**
 * POST /api/media/apps/preview: what an rss or weather app would show now, fetched by the server
 * once its settings are valid and have stopped changing (docs/PRODUCT.md#apps); kept per settings,
 * so going back to a feed already seen asks nothing. Other kinds ask nothing.
 */
export function useAppPreviewData(app: TAppSettings | null) {
  const key = fetched(app) ? JSON.stringify(app) : null;
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery({
    queryKey: ['media', 'app-preview', settled],
    queryFn: () => api.post('/api/media/apps/preview', ZAppData, { app: JSON.parse(settled as string) as Fetched }),
    enabled: settled !== null && settled === key,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
