/** How far back the speed looks: long enough to smooth chunk edges, short enough to follow a change. */
const WINDOW_MS = 5000;
/** Less than this much time seen says nothing yet. */
const MIN_SPAN_MS = 500;

/**
 * An upload's speed from its progress: bytes over the last few seconds. After a cut the bytes
 * may go back to the server's offset; the window then starts again.
 */
export class UploadSpeed {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  add(bytes: number) {
    const at = this.now();
    const last = this.samples.at(-1);
    if (last && bytes < last.bytes) this.samples = [];
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
  }

  /** Bytes a second, or null while too little is known. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < MIN_SPAN_MS) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }
}
