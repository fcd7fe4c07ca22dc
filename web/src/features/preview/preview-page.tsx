import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { TScreenConfig } from '@pano/contract';
import { ZScreenConfig } from '@pano/contract';
import { connectScreen, Player, playerTexts } from '@pano/player';
import { PageHeader } from '../../components/ui/page-header';
import { tr } from '../../i18n/tr';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { tokenStorage } from '../../lib/token-storage';

type State = { config: TScreenConfig | null; error: string | null; notFound: boolean };

/**
 * /preview/{screenId}: the same player a screen device runs, 775 px high (16:9 of the width on a
 * phone, pages.css), fed with the user's token and kept live over the screen's socket room.
 */
export function PreviewPage() {
  const { screenId = '' } = useParams();
  const [state, setState] = useState<State>({ config: null, error: null, notFound: false });

  useEffect(() => {
    setState({ config: null, error: null, notFound: false });
    const connection = connectScreen({
      screenId,
      auth: { token: tokenStorage.get() ?? '', screenId },
      fetchConfig: () => api.get(`/api/screens/${encodeURIComponent(screenId)}/config`, ZScreenConfig),
      appVersion: 'dashboard-preview',
      onConfig: (config) => setState({ config, error: null, notFound: false }),
      onError: (err) => {
        // 404, or 400 for an id that is not an id at all (a mistyped link): no such screen.
        if (err.status === 404 || err.status === 400) {
          return setState((s) => (s.config ? s : { config: null, error: null, notFound: true }));
        }
        // docs/PRODUCT.md#preview: the server message, or 'Ekran bilgileri alınamadı'. A preview already showing keeps showing,
        // and 'Ekran bulunamadı' is not replaced by the socket refusal that may follow it.
        const message = errorMessage(err, playerTexts.configFailed);
        setState((s) => (s.config || s.notFound ? s : { config: null, error: message, notFound: false }));
      },
    });
    return connection.close;
  }, [screenId]);

  return (
    // docs/PRODUCT.md#preview: the player is full width, so no sidebar; a link leads back to the screens.
    // Outside the signed-in shell, so the page brings its own main landmark.
    <main id="main" className="preview-page" tabIndex={-1}>
      <PageHeader
        title={tr.preview.title}
        lead={state.config?.screenName}
        actions={<Link to="/screens" className="btn btn-secondary">← {tr.preview.backToScreens}</Link>}
      />
      <Player config={state.config} error={state.error} notFound={state.notFound} mediaHeight="var(--preview-media-height)" />
    </main>
  );
}
