/*
 * A download that goes silent ends (docs/architecture/player.md#network-waits): a file of the
 * offline cache, or a JSON call (connection/http-error.ts, in the first load).
 */

/**
 * A download ends when no byte came for this long. A video may take many minutes on a slow
 * line, and a large config a while on a bad modem, so only silence counts, never the total time.
 */
export const DOWNLOAD_STALL_MS = 60_000;

/**
 * `fetch` of a download that is aborted once `stallMs` pass without a byte while the player
 * waits for one: before the answer starts, or for the next chunk of its body. Time the reader
 * spends with a chunk (hashing it, writing the cache) never counts. The watch ends when the body
 * is read to its end, fails or is cancelled; a caller that does not want the body cancels it.
 */
export async function fetchWatched(url: string, init: Omit<RequestInit, 'signal'>, stallMs = DOWNLOAD_STALL_MS): Promise<Response> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pause = () => clearTimeout(timer);
  const arm = () => {
    pause();
    timer = setTimeout(() => {
      watching.delete(controller);
      controller.abort(new DOMException('stalled', 'TimeoutError'));
    }, stallMs);
  };
  const end = () => {
    pause();
    watching.delete(controller);
  };
  watching.add(controller);
  arm();
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: controller.signal });
  } catch (err) {
    end();
    throw err;
  }
  pause();
  if (!res.body) {
    end();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(out) {
      arm();
      try {
        const { done, value } = await reader.read();
        pause();
        if (done) {
          end();
          out.close();
        } else {
          out.enqueue(value);
        }
      } catch (err) {
        end();
        throw err;
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

const watching = new Set<AbortController>();

/** How many downloads are being watched now (tests tell a download's watch from the timers they wait on). */
export const downloadsWatched = (): number => watching.size;
