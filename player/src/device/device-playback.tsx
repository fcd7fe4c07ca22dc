import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TConfigAlert, TPlayRecord, TScreenConfig } from '@pano/contract';
import { Player } from '../components/player.js';
import { connectScreen, type ScreenConnection } from '../connection/screen-connection.js';
import { ackLatencyMs, AlertAckLedger } from '../playback/alerts.js';
import { tr } from '../i18n/tr.js';
import type { PlayOutbox } from '../offline/play-outbox.js';
import { deviceApi } from './device-api.js';
import { DeviceHealth } from './device-health.js';
import { deviceStorage } from './device-storage.js';

type Props = {
  deviceToken: string; screenId: string; onUnpaired: () => void; onScreenGone: () => void;
  /** The customer moved this device to another screen in the dashboard. */
  onScreenMoved: (screenId: string) => void;
};

const APP_VERSION = 'pano-player/0.1.0';

/**
 * Full-screen playback on a paired device. It starts from the last config kept on the
 * device, so a reboot without network plays at once; the server then refreshes it.
 */
export function DevicePlayback({ deviceToken, screenId, onUnpaired, onScreenGone, onScreenMoved }: Props) {
  const [config, setConfig] = useState<TScreenConfig | null>(() => deviceStorage.lastConfig(screenId));
  const [error, setError] = useState<string | null>(null);
  const [online, setOnline] = useState(true);
  const hasConfig = useRef(config !== null);
  const connection = useRef<ScreenConnection | null>(null);
  const acked = useRef(new AlertAckLedger());
  const token = useRef(deviceToken);
  token.current = deviceToken;
  // Health reports, screenshots and self-healing (docs/architecture/player.md#player): one per mounted player.
  const [health] = useState(() => new DeviceHealth({
    appVersion: APP_VERSION,
    send: (report) => connection.current?.reportHealth(report),
    upload: (jpeg, kind) => deviceApi.uploadScreenshot(token.current, jpeg, kind),
    root: () => document.querySelector<HTMLElement>('[data-testid=player]'),
  }));
  useEffect(() => {
    health.start();
    return () => health.stop();
  }, [health]);
  const onAlertPainted = useCallback((alert: TConfigAlert, paintedAtMs: number) => {
    if (!acked.current.claim(alert._id)) return;
    connection.current?.acknowledgeAlert({ alertId: alert._id, renderedAt: new Date(paintedAtMs).toISOString(), latencyMs: ackLatencyMs(alert, paintedAtMs) });
  }, []);

  const plays = usePlayOutbox(deviceToken);

  useEffect(() => {
    if (config) cacheMedia(config, health);
    const live = connectScreen({
      screenId,
      auth: { deviceToken, screenId },
      fetchConfig: () => deviceApi.config(deviceToken, screenId),
      initialVersion: config?.version ?? null,
      appVersion: APP_VERSION,
      onConfig: (next) => {
        hasConfig.current = true;
        deviceStorage.saveConfig(next);
        setConfig(next);
        setError(null);
        cacheMedia(next, health);
      },
      onOnline: (isOnline) => {
        setOnline(isOnline);
        health.setOnline(isOnline);
        // Back online: what was played meanwhile goes now, not at the next retry, and files
        // that could not be cached are fetched now.
        if (isOnline) {
          plays.flushNow();
          void offline().then((m) => m.recacheMedia());
        }
      },
      onScreenshotRequest: () => void health.shoot('screenshot'),
      onScreenMoved: (next) => (next ? onScreenMoved(next) : onScreenGone()),
      onRemoved: onUnpaired,
      onError: (err) => {
        if (err.status === 401) return onUnpaired();
        if (err.status === 404) return onScreenGone();
        health.state.error(err.message);
        // Without network the remembered config keeps playing; only a screen with nothing to show reports it.
        if (!hasConfig.current) setError(err.message);
      },
    });
    connection.current = live;
    return () => {
      connection.current = null;
      health.setOnline(false);
      live.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reconnect only for another device or screen
  }, [deviceToken, screenId]);

  return (
    <>
      <Player config={config} error={config ? null : error} mediaHeight="100vh" soundButton="corner" onAlertPainted={onAlertPainted}
        onPlay={plays.add} healing={health.healing} />
      {!online && <span title={tr.offline} aria-label={tr.offline} data-testid="offline-dot" style={offlineDot} />}
    </>
  );
}

/**
 * The offline cache's code is loaded after the page, not with it (docs/PERFORMANCE.md, P6: the
 * player's first load); it caches in the background anyway, and tells the health which files
 * it refused for a wrong SHA-256.
 */
const offline = () => import('../offline/media-cache.js');
const cacheMedia = (config: TScreenConfig, health: DeviceHealth) => void offline().then((m) => m.cachePlaylistMedia(config, undefined, health.state));

/** What the player hands its records to: stores them now, sends them in batches. */
type Plays = { add: (record: TPlayRecord) => void; flushNow: () => void };

/**
 * The device's play records (docs/architecture/plays.md#play-records): stored on the device, sent
 * in batches with its token. Started once per pairing: records an earlier run left are sent at
 * once, and again whenever the browser says it is back online. The outbox and its store are
 * loaded after the page, not with it (docs/PERFORMANCE.md, P6: the player's first load); the
 * records of those first moments wait in memory and are stored as soon as they are in.
 */
function usePlayOutbox(deviceToken: string): Plays {
  const outbox = useRef<PlayOutbox | null>(null);
  const early = useRef<TPlayRecord[]>([]);
  useEffect(() => {
    let box: PlayOutbox | undefined;
    let stopped = false;
    const online = () => void box?.flushNow();
    void Promise.all([import('../offline/play-outbox.js'), import('../offline/play-store.js')]).then(([{ PlayOutbox }, { openPlayStore }]) => {
      if (stopped) return;
      box = new PlayOutbox({
        store: openPlayStore(),
        send: (batch) => deviceApi.plays(deviceToken, batch),
        onDropped: (batch, status) => console.warn(`pano: ${batch.length} play records refused (${status}), dropped`),
      });
      outbox.current = box;
      for (const record of early.current.splice(0)) store(box, record);
      void box.flushNow();
      window.addEventListener('online', online);
    }, (err: unknown) => console.warn('pano: play records unavailable', err));
    // The ref keeps the stopped outbox: a record made while the player unmounts (the play on
    // screen, cut) is still stored, and the next run sends it.
    return () => {
      stopped = true;
      window.removeEventListener('online', online);
      box?.stop();
    };
  }, [deviceToken]);
  return useMemo(() => ({
    add: (record: TPlayRecord) => {
      if (outbox.current) store(outbox.current, record);
      else early.current.push(record);
    },
    flushNow: () => void outbox.current?.flushNow(),
  }), []);
}

/** Stores a record; a cut (something changed on screen) is sent at once, the rest every few plays. */
const store = (box: PlayOutbox, record: TPlayRecord) => {
  void box.add(record).then(() => (record.outcome === 'cut' ? box.flush() : undefined)).catch(() => undefined);
};

// A discreet mark for the technician; the audience should barely notice it.
const offlineDot: React.CSSProperties = {
  position: 'fixed', top: 10, right: 10, width: 10, height: 10, borderRadius: '50%', background: '#f59e0b', opacity: 0.7, zIndex: 10,
};
