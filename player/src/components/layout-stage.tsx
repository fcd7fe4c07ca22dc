import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import type { TConfigLayout, TConfigZone, TDisplaySettings, TPlayRecord, TScreenConfig } from '@pano/contract';
import { playItemsOf, type PlayItem } from '../playback/play-items.js';
import type { PlayContext, PlayRecorder } from '../playback/play-recorder.js';
import { SelfHealing, type PlaybackHealing } from '../playback/self-healing.js';
import { clampSpeed } from '../playback/ticker-motion.js';
import { CentredTicker } from './ticker-bar.js';

/*
 * A layout on screen (docs/architecture/player.md#layouts): its background, and each zone an
 * absolutely placed rectangle in percent of the screen, in `z` order, running a loop of its own
 * (the one-zone player's Stage, with the same sequence rules) or a ticker. Loaded as a chunk of
 * its own, only by a screen that shows a layout.
 */

type Props = {
  /** The screen's config: its settings, time zone and id. */
  config: TScreenConfig;
  /** The layout shown: the screen's own or a schedule entry's (playback/screen-schedule.ts, contentOf). */
  layout: TConfigLayout;
  host: string;
  soundButton: 'centre' | 'corner';
  /** The screen's play records sink; each zone records its own plays into it. */
  onPlay?: (record: TPlayRecord) => void;
  healing?: PlaybackHealing;
  /** The schedule entry that chose the layout, when one did. */
  scheduleId: string | null;
  /** The one-zone player's loop and its recorder hook, handed in by the Player (imports go one way). */
  loop: Loop;
  /** Whether an alert covers the screen now, and who else hears it: each zone's recorder. */
  cover: { on: boolean; zones: Set<(covered: boolean) => void> };
};

/** components/player.tsx's Stage and usePlayRecorder. */
type Loop = {
  Stage: ComponentType<{
    items: PlayItem[]; playlistId: string | null; soundButton: 'centre' | 'corner';
    recorder: PlayRecorder | null; playContext: PlayContext | null; healing?: PlaybackHealing;
  }>;
  usePlayRecorder: (onPlay: ((record: TPlayRecord) => void) | undefined) => PlayRecorder | null;
};

type ZoneProps = Omit<Props, 'config' | 'layout' | 'scheduleId'> & { zone: TConfigZone; timeZone?: string; context: PlayContext };

export default function LayoutStage({ config, layout, host, soundButton, onPlay, healing, scheduleId, loop, cover }: Props) {
  const settings = config.displaySettings;
  const timeZone = config.schedule?.timezone;
  const context = useMemo(() => ({ screenId: config.screenId, playlistId: null, scheduleId }), [config.screenId, scheduleId]);
  // Equal z: the later zone above, as the editor lists them.
  const zones = useMemo(() => layout.zones.map((zone, i) => ({ zone, i })).sort((a, b) => a.zone.z - b.zone.z || a.i - b.i), [layout.zones]);
  return (
    <div data-testid="layout" data-layout={layout._id} style={{ position: 'absolute', inset: 0, background: layout.background }}>
      <style>{FIT_CSS}</style>
      {zones.map(({ zone, i }) => (
        <div key={`${i}:${zone.name}`} data-testid="zone" data-zone={zone.name} data-fit={zone.fit} style={{
          position: 'absolute', left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.width}%`, height: `${zone.height}%`,
          zIndex: zone.z, overflow: 'hidden',
        }}>
          {zone.directionPlaylist
            ? <ZoneTicker ticker={zone.directionPlaylist} settings={settings} />
            : <ZoneLoop zone={zone} host={host} timeZone={timeZone} soundButton={soundButton} onPlay={onPlay} healing={healing} context={context} loop={loop} cover={cover} />}
        </div>
      ))}
    </div>
  );
}

/**
 * A zone's fit for its images and videos, and the layout's background in place of the one-zone
 * screen's black around a contained picture. A rule here rather than a prop of the media layer,
 * so the one-zone screen's first load carries nothing of it (docs/PERFORMANCE.md, P6).
 */
const FIT_CSS = '[data-testid=zone]>img,[data-testid=zone]>video{background:none!important}'
  + '[data-fit=cover]>img,[data-fit=cover]>video,[data-fit=cover] [data-testid=pdf-page]{object-fit:cover!important}';

function ZoneLoop({ zone, host, timeZone, soundButton, onPlay, healing, context, loop: { Stage, usePlayRecorder }, cover }: ZoneProps) {
  const playlist = zone.playlist;
  const items = useMemo(() => playItemsOf(playlist, host, timeZone), [playlist, host, timeZone]);
  // One play at a time per recorder: each zone has its own, and its records carry the zone's
  // name (docs/architecture/plays.md#plays).
  const recorder = usePlayRecorder(onPlay);
  // Under an alert nothing of the zone is seen: its play is cut, and counts again when it ends.
  useEffect(() => {
    if (!recorder) return;
    const hear = (covered: boolean) => recorder.cover(covered);
    hear(cover.on);
    cover.zones.add(hear);
    return () => void cover.zones.delete(hear);
  }, [recorder, cover]);
  const playContext = useMemo(() => ({ ...context, playlistId: playlist?._id ?? null, zone: zone.name }), [context, playlist, zone.name]);
  const zoneHealing = useMemo(() => (healing instanceof SelfHealing ? healing.forZone() : undefined), [healing]);
  // An empty zone shows the layout's background, not the one-zone screen's 'no media' text.
  if (items.length === 0) return null;
  return (
    <Stage items={items} playlistId={playlist?._id ?? null} soundButton={soundButton} recorder={recorder} playContext={playContext}
      healing={zoneHealing} />
  );
}

/** A ticker zone: the screen's ticker bar, centred in the rectangle on the bar's colour. */
function ZoneTicker({ ticker, settings }: { ticker: NonNullable<TConfigZone['directionPlaylist']>; settings: TDisplaySettings }) {
  const texts = ticker.directions.map((d) => d.text).filter((t) => t.trim() !== '');
  if (texts.length === 0) return null;
  return <CentredTicker testId="zone-ticker" texts={texts} speed={clampSpeed(ticker.speed)} settings={settings} />;
}

/**
 * The whole picture turned `turn` degrees clockwise for a display mounted turned
 * (docs/architecture/player.md#layouts), filling it: for 90 and 270 its sides swap, measured on
 * the frame as a size container.
 */
export function Turned({ turn, children }: { turn: number; children: ReactNode }) {
  const side = turn === 90 || turn === 270;
  return (
    <div data-testid="player-turned-frame" style={{ position: 'absolute', inset: 0, containerType: 'size', overflow: 'hidden' }}>
      <div data-testid="player-turned" data-turn={turn} style={{
        position: 'absolute', left: '50%', top: '50%', width: side ? '100cqh' : '100%', height: side ? '100cqw' : '100%',
        transform: `translate(-50%,-50%) rotate(${turn}deg)`, overflow: 'hidden',
      }}>{children}</div>
    </div>
  );
}
