import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

/* Only a path of this site is followed after signing in: no open redirect (lib/next-path.ts). */
describe('nextPath', () => {
  it.each([
    ['/davet/Xk3_abc-DEF', '/davet/Xk3_abc-DEF'],
    ['/screens?group=1#top', '/screens?group=1#top'],
    ['/a/../davet/x', '/davet/x'],
  ])('follows %s', (next, path) => {
    expect(nextPath(`?${new URLSearchParams({ next })}`)).toBe(path);
  });

  it.each([
    '//evil.example/davet/x', '/\\evil.example', '/\t/evil.example', 'https://evil.example/', 'javascript:alert(1)',
    'davet/x', '', ' /davet/x',
  ])('refuses %j', (next) => {
    expect(nextPath(`?${new URLSearchParams({ next })}`)).toBeNull();
  });

  it('is null without the parameter', () => {
    expect(nextPath('')).toBeNull();
    expect(nextPath('?other=/davet/x')).toBeNull();
  });
});
