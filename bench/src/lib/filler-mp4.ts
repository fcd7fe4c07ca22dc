import { Readable } from 'node:stream';

/** One buffer of filler, shared by every piece a stream hands out (nothing writes into it). */
const FILLER = Buffer.alloc(1024 * 1024, 7);

export type FillerMp4 = {
  size: number;
  /** Bytes [start, end) of the file, produced as they are read: the file never exists whole. */
  read(start: number, end: number): Readable;
};

/**
 * An upload of any size the API takes as a video: a real tiny clip (ftyp, moov, mdat: it sniffs
 * as MP4, ffprobe reads it and ffmpeg takes its poster from it) followed by one `free` box of
 * filler, which every MP4 reader skips. The API converts it (its bit rate over the file's size is
 * far above what is kept as it is), which takes the tiny clip a moment, and the big file goes.
 */
export function fillerMp4(clip: Buffer, size: number): FillerMp4 {
  const boxSize = size - clip.length;
  if (boxSize < 16) throw new Error(`a filler MP4 of ${size} B cannot hold the ${clip.length} B clip`);
  // A box past 4 GiB says its size in 64 bits after its type (size field 1).
  const box = boxSize < 2 ** 32 ? Buffer.alloc(8) : Buffer.alloc(16);
  if (box.length === 8) box.writeUInt32BE(boxSize, 0);
  else {
    box.writeUInt32BE(1, 0);
    box.writeBigUInt64BE(BigInt(boxSize), 8);
  }
  box.write('free', 4, 'latin1');
  const head = Buffer.concat([clip, box]);
  function* pieces(start: number, end: number) {
    let at = start;
    if (at < head.length) {
      const piece = head.subarray(at, Math.min(end, head.length));
      at += piece.length;
      yield piece;
    }
    while (at < end) {
      const n = Math.min(FILLER.length, end - at);
      at += n;
      yield FILLER.subarray(0, n);
    }
  }
  return { size, read: (start, end) => Readable.from(pieces(start, Math.min(end, size)), { objectMode: false }) };
}
