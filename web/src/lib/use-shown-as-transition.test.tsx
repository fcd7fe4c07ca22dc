import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useShownAsTransition } from './use-shown-as-transition';

describe('useShownAsTransition', () => {
  it('stays false while unanswered, then turns true in a later render', async () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(({ answered }) => {
      const shown = useShownAsTransition(answered);
      seen.push(`${answered}:${shown}`);
      return shown;
    }, { initialProps: { answered: false } });
    expect(result.current).toBe(false);
    rerender({ answered: true });
    await waitFor(() => expect(result.current).toBe(true));
    // The render that brings the answer still draws the spinner: the page follows in a render of its own.
    expect(seen.filter((s) => s.startsWith('true')).slice(0, 2)).toEqual(['true:false', 'true:true']);
  });

  it('is true from the first render when the answers were kept from before', () => {
    const seen: boolean[] = [];
    renderHook(() => {
      seen.push(useShownAsTransition(true));
    });
    expect(seen[0]).toBe(true);
  });
});
