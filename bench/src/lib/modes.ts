/** Counts of one bench run. `--quick` is the default on a shared machine; `--full` is the figures. */
export type Counts = {
  mode: 'quick' | 'full';
  /** P1/P2/P3/P10: connected players, one screen each (the largest also serves P3, P4, P9 and P10's two instances). */
  players: number[];
  /** P1: measured changes per player count (after one warm-up change); P10: as many alerts. */
  pushRounds: number;
  /** Load generator processes the players are spread over. */
  generators: number;
  /** P4 uses the largest player count. */
  /** P5: seconds of load per variant, after warmSeconds. */
  httpSeconds: number;
  httpWarmSeconds: number;
  httpConnections: number;
  /** P7: upload size in MB. */
  uploadMb: number;
  /** P16: resumable upload size in MB (the 2 GB in both modes). */
  resumableMb: number;
  /** P17: size in MB of the playable H.264 file, and seconds of the HEVC clip converted. */
  readyMb: number;
  hevcSeconds: number;
  /** P8: transitions, and the item duration the page's playback timers were shortened to. */
  loopTransitions: number;
  loopItemMs: number;
  /** Items of the benchmark playlist (the pushed config grows with it). */
  playlistItems: number;
  /** P13: Lighthouse runs per page; the median score of each category counts. */
  lighthouseRuns: number;
};

const QUICK: Counts = {
  mode: 'quick', players: [200, 500], pushRounds: 3, generators: 1,
  httpSeconds: 3, httpWarmSeconds: 1, httpConnections: 100,
  uploadMb: 100, resumableMb: 2048, readyMb: 200, hevcSeconds: 20, loopTransitions: 300, loopItemMs: 50, playlistItems: 20, lighthouseRuns: 1,
};

const FULL: Counts = {
  mode: 'full', players: [1000, 10_000], pushRounds: 5, generators: 2,
  httpSeconds: 15, httpWarmSeconds: 3, httpConnections: 100,
  uploadMb: 1024, resumableMb: 2048, readyMb: 200, hevcSeconds: 20, loopTransitions: 10_000, loopItemMs: 1000, playlistItems: 20, lighthouseRuns: 3,
};

const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** `--quick` (default) or `--full`; BENCH_* variables override single counts. */
export function countsFrom(argv: string[], env: NodeJS.ProcessEnv): Counts {
  const base = argv.includes('--full') ? FULL : QUICK;
  const players = env.BENCH_PLAYERS?.split(',').map(Number).filter((n) => n > 0);
  return {
    ...base,
    players: players && players.length > 0 ? players : base.players,
    pushRounds: num(env.BENCH_PUSH_ROUNDS) ?? base.pushRounds,
    generators: num(env.BENCH_GENERATORS) ?? base.generators,
    httpSeconds: num(env.BENCH_HTTP_SECONDS) ?? base.httpSeconds,
    uploadMb: num(env.BENCH_UPLOAD_MB) ?? base.uploadMb,
    resumableMb: num(env.BENCH_P16_MB) ?? base.resumableMb,
    readyMb: num(env.BENCH_P17_MB) ?? base.readyMb,
    hevcSeconds: num(env.BENCH_P17_HEVC_SECONDS) ?? base.hevcSeconds,
    loopTransitions: num(env.BENCH_LOOP_TRANSITIONS) ?? base.loopTransitions,
    loopItemMs: num(env.BENCH_LOOP_ITEM_MS) ?? base.loopItemMs,
    lighthouseRuns: num(env.BENCH_LIGHTHOUSE_RUNS) ?? base.lighthouseRuns,
  };
}

/** `--only P1,P5` runs a subset (figures depend on nothing but their own setup). */
export function selectedFigures(argv: string[]): Set<string> | null {
  const arg = argv.find((a) => a.startsWith('--only='));
  return arg ? new Set(arg.slice('--only='.length).toUpperCase().split(',')) : null;
}
