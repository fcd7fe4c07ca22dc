/*
 * A file's download that goes silent ends (docs/architecture/player.md#network-waits); only the
 * offline code, loaded after the first picture, uses it.
 */

/**
 * A file's download ends when no byte came for this long. A video may take many minutes on a
 * slow line, so only silence counts, never the total time.
 */
export const DOWNLOAD_STALL_MS = 60_000;

/**
 * `fetch` of a download that is aborted once `stallMs` pass without a byte: before the answer
 * starts, or between two chunks of its body. The answer's body is the watched stream; the
 * watch ends with it.
 */
export async function fetchWatched(url: string, init: RequestInit, stallMs = DOWNLOAD_STALL_MS): Promise<Response> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      watching.delete(controller);
      controller.abort(new DOMException('stalled', 'TimeoutError'));
    }, stallMs);
  };
  const stop = () => {
    clearTimeout(timer);
    watching.delete(controller);
  };
  watching.add(controller);
  arm();
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: controller.signal });
  } catch (err) {
    stop();
    throw err;
  }
  if (!res.body) {
    stop();
    return res;
  }
  const body = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, out) {
      arm();
      out.enqueue(chunk);
    },
    flush: stop,
  }));
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

const watching = new Set<AbortController>();

/** How many downloads are being watched now (tests tell a download's watch from the timers they wait on). */
export const downloadsWatched = (): number => watching.size;
