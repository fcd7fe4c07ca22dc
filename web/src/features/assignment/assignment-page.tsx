import './assignment.css';
import { useState, type FormEvent } from 'react';
import { tr } from '../../i18n/tr';
import { trRoles } from '../../i18n/tr-roles';
import { useCan } from '../../stores/use-can';
import { errorMessage } from '../../lib/api-error';
import { Banner, Button, Card, EmptyState, PageHeader, SelectField, Spinner, showAlert } from '../../components/ui';
import { usePlaylists } from '../../api/playlists.api';
import { useTickerPlaylists } from '../../api/tickers.api';
import { useScreens } from '../../api/screens.api';
import { useScreenGroups } from '../../api/screen-groups.api';
import { useLayoutChoices } from '../../api/layouts.api';
import { useAssignScreens } from './api/use-assign-screens';
import { ContentOptions } from '../../components/content/content-options';
import { TICKER_KEEP, TICKER_NONE, validateAssignment } from './assignment';
import { ScreenPicker } from './screen-picker';

export function AssignmentPage() {
  const playlists = usePlaylists();
  const tickers = useTickerPlaylists();
  const screens = useScreens();
  const canAssign = useCan('publisher');
  // Groups only help pick screens: without them the page works as before.
  const groups = useScreenGroups();
  // Layouts are offered beside the playlists when there are any; without them (or an older
  // server) the select is the spec's playlist select.
  const layoutList = useLayoutChoices();
  const [playlistId, setPlaylistId] = useState('');
  const [tickerChoice, setTickerChoice] = useState(TICKER_KEEP);
  const [screenIds, setScreenIds] = useState<string[]>([]);
  const assign = useAssignScreens();
  const busy = assign.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const draft = { playlistId, tickerChoice, screenIds };
    const problem = validateAssignment(draft);
    if (problem) {
      void showAlert(problem);
      return;
    }
    assign.mutate(draft, { onSuccess: () => setScreenIds([]) });
  };

  const loadError = playlists.error ?? screens.error;
  if (playlists.isPending || screens.isPending) {
    return <div className="page"><PageHeader title={tr.assignment.title} /><Spinner /></div>;
  }
  const playlistList = playlists.data ?? [];
  const screenList = screens.data ?? [];
  return (
    <div className="page">
      <PageHeader title={tr.assignment.title} lead={tr.assignment.lead} />
      {loadError && <Banner tone="error">{errorMessage(loadError, tr.assignment.loadError)}</Banner>}
      {assign.isSuccess && <Banner tone="success" onDismiss={assign.reset}>{tr.assignment.success}</Banner>}
      {assign.isError && (
        <Banner tone="error" onDismiss={assign.reset}>{errorMessage(assign.error, tr.assignment.error)}</Banner>
      )}
      <Card>
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="form-row">
            <SelectField label={tr.assignment.playlistLabel} name="playlist" value={playlistId}
              onChange={(e) => setPlaylistId(e.target.value)} disabled={busy}>
              <option value="">{tr.assignment.choosePlaylist}</option>
              <ContentOptions playlists={playlistList} layouts={layoutList} />
            </SelectField>
            <SelectField label={tr.assignment.tickerLabel} name="ticker" value={tickerChoice}
              onChange={(e) => setTickerChoice(e.target.value)} disabled={busy}>
              <option value={TICKER_KEEP}>{tr.assignment.tickerKeep}</option>
              <option value={TICKER_NONE}>{tr.assignment.tickerNone}</option>
              {(tickers.data ?? []).map((t) => <option key={t._id} value={t._id}>{t.name}</option>)}
            </SelectField>
          </div>
          {/* After a failed load the lists are unknown, not empty: the banner says so, no 'create one first' hints. */}
          {!loadError && playlistList.length === 0 && <p className="muted">{tr.assignment.noPlaylists}</p>}
          {screenList.length === 0 ? (
            !loadError && <EmptyState title={tr.assignment.noScreens} icon="▭" />
          ) : (
            <ScreenPicker screens={screenList} groups={groups.data ?? []} selected={screenIds} onChange={setScreenIds} disabled={busy} />
          )}
          <div>
            {canAssign
              ? <Button type="submit" busy={busy} busyText={tr.assignment.assigning}>{tr.assignment.assign}</Button>
              : <p className="muted">{trRoles.assignNeedsPublisher}</p>}
          </div>
        </form>
      </Card>
    </div>
  );
}
