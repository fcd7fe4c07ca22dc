import { useMemo } from 'react';
import type { TConfigMedia } from '@pano/contract';
import { APP_KIND_NAMES } from '@pano/contract/constants';
import { ItemPreview } from '@pano/player';
import { Badge } from '../../components/ui';
import { errorMessage } from '../../lib/api-error';
import { useAppPreviewData } from './api/use-app-preview-data';
import { ZAppDraft, type AppDraft } from './app-draft';
import { trApps } from '../../i18n/tr-apps';

const t = trApps.app;

/**
 * What the app will show, as the form is filled in (docs/PRODUCT.md#apps): drawn by the screen's
 * own player once the settings pass the contract's check, with the feed or the weather the server
 * fetches for them; until then, what is missing. A sentence under it says what the picture alone
 * cannot (a page's refresh, the server's own refresh of a feed).
 */
export function AppPreview({ app }: { app: AppDraft['app'] }) {
  // The settings' check only: the name is not part of the picture.
  const parsed = ZAppDraft.safeParse({ name: APP_KIND_NAMES[app.kind], app });
  const settings = parsed.success ? parsed.data.app : null;
  // The same settings keep the same object, so the player keeps the item on screen while unrelated fields change.
  const json = settings && JSON.stringify(settings);
  const data = useAppPreviewData(settings);
  const appData = data.data ?? null;
  const media = useMemo<TConfigMedia | null>(() => (json ? {
    _id: 'preview', name: APP_KIND_NAMES[app.kind], mediaType: 'Uygulama', type: 'app', filePath: '', url: '', mimeType: 'application/x-pano-app',
    app: JSON.parse(json) as TConfigMedia['app'], appData,
  } : null), [json, app.kind, appData]);

  const note = (() => {
    if (!settings) return t.previewIncomplete;
    if (data.isError) return errorMessage(data.error);
    switch (settings.kind) {
      case 'web': return t.previewRefresh(String(settings.refreshSeconds));
      case 'rss': return data.isFetching ? t.previewFetching : t.previewRss;
      case 'weather': return data.isFetching ? t.previewFetching : t.previewWeather;
      case 'clock': case 'text': case 'youtube': case 'stream': case 'qr': case 'countdown': return null;
    }
  })();
  return (
    <section className="app-preview" aria-label={trApps.appPreview} data-testid="app-preview">
      <Badge tone="primary">{APP_KIND_NAMES[app.kind]}</Badge>
      <div className="app-preview-frame">
        {media && <ItemPreview media={media} />}
      </div>
      {note && <p className={data.isError ? 'field-error' : 'muted'}>{note}</p>}
    </section>
  );
}
