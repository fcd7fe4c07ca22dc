// `npx tsx bench/src/lib/heap-diff.ts first.heapsnapshot [middle.heapsnapshot] last.heapsnapshot`:
// compares snapshots written by P8 with BENCH_HEAP_SNAPSHOTS=dir (or saved from DevTools).
import { readFileSync } from 'node:fs';
import { describeGrowth, parseHeapSnapshot } from './heap-snapshot.js';

const files = process.argv.slice(2);
if (files.length < 2 || files.length > 3) {
  console.error('usage: heap-diff.ts first.heapsnapshot [middle.heapsnapshot] last.heapsnapshot');
  process.exit(2);
}
const [first, second, third] = files.map((f) => parseHeapSnapshot(readFileSync(f, 'utf8')));
console.log(third ? describeGrowth(first!, third, second) : describeGrowth(first!, second!));
