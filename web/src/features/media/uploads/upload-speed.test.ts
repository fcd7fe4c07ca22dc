import { describe, expect, it } from 'vitest';
import { UploadSpeed } from './upload-speed';

describe('UploadSpeed', () => {
  it('is the bytes of the last five seconds over their time, unknown for the first half second', () => {
    let now = 0;
    const speed = new UploadSpeed(() => now);
    speed.add(0);
    now = 400;
    speed.add(400_000);
    expect(speed.bytesPerSecond()).toBeNull();
    for (let t = 1000; t <= 10_000; t += 1000) {
      now = t;
      // 1 MB a second for five seconds, then 2 MB a second.
      speed.add(t <= 5000 ? t * 1000 : 5_000_000 + (t - 5000) * 2000);
    }
    expect(speed.bytesPerSecond()).toBe(2_000_000);
  });

  it('starts again when the bytes go back (the server kept less than was sent)', () => {
    let now = 0;
    const speed = new UploadSpeed(() => now);
    speed.add(0);
    now = 1000;
    speed.add(5_000_000);
    now = 2000;
    speed.add(1_000_000);
    expect(speed.bytesPerSecond()).toBeNull();
    now = 3000;
    speed.add(1_500_000);
    expect(speed.bytesPerSecond()).toBe(500_000);
  });
});
