import { open, type FileHandle } from 'node:fs/promises';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_ENTRY = 0x02014b50;
const END_OF_CENTRAL_DIR = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
/** The end record is 22 bytes plus a comment of at most 65535 bytes. */
const MAX_TAIL = 22 + 0xffff;
const MAX_CENTRAL_DIR = 64 * 1024 * 1024;

/**
 * An APK is a ZIP whose central directory lists `AndroidManifest.xml` at the root.
 * Reads only the first 4 bytes, the tail and the central directory, not the whole file.
 */
export async function looksLikeApk(filePath: string): Promise<boolean> {
  const fh = await open(filePath, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 26) return false;
    if ((await read(fh, 0, 4)).readUInt32LE(0) !== LOCAL_HEADER) return false;
    const dir = await locateCentralDirectory(fh, size);
    if (!dir || dir.size > MAX_CENTRAL_DIR || dir.offset + dir.size > size) return false;
    return listsManifest(await read(fh, dir.offset, dir.size));
  } catch {
    return false;
  } finally {
    await fh.close();
  }
}

async function read(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

async function locateCentralDirectory(fh: FileHandle, size: number): Promise<{ offset: number; size: number } | null> {
  const tailStart = Math.max(0, size - MAX_TAIL);
  const tail = await read(fh, tailStart, size - tailStart);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== END_OF_CENTRAL_DIR) continue;
    const cdSize = tail.readUInt32LE(i + 12);
    const cdOffset = tail.readUInt32LE(i + 16);
    if (cdSize !== 0xffffffff && cdOffset !== 0xffffffff) return { offset: cdOffset, size: cdSize };
    // ZIP64: a locator sits right before the end record and points at the 64-bit end record.
    if (i < 20 || tail.readUInt32LE(i - 20) !== ZIP64_LOCATOR) return null;
    const end64 = await read(fh, Number(tail.readBigUInt64LE(i - 20 + 8)), 56);
    if (end64.length < 56 || end64.readUInt32LE(0) !== ZIP64_END) return null;
    return { size: Number(end64.readBigUInt64LE(40)), offset: Number(end64.readBigUInt64LE(48)) };
  }
  return null;
}

function listsManifest(cd: Buffer): boolean {
  let p = 0;
  while (p + 46 <= cd.length && cd.readUInt32LE(p) === CENTRAL_ENTRY) {
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    if (cd.toString('utf8', p + 46, p + 46 + nameLen) === 'AndroidManifest.xml') return true;
    p += 46 + nameLen + extraLen + commentLen;
  }
  return false;
}
