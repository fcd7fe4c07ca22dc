import { useEffect } from 'react';
import { useProblemScreens, useScreenHealth } from '../../api/screen-health.api';

/**
 * Counts the 'sorunlu' screens for the sidebar. Its own chunk, loaded after the first render:
 * it brings zod (the health answer is parsed) and socket.io (kept live by `screen:health`), which
 * the first load leaves out (docs/PERFORMANCE.md#dashboard-first-load-p13). Renders nothing.
 */
export default function SidebarHealth({ onCount }: { onCount: (problems: number) => void }) {
  const problems = useProblemScreens(useScreenHealth().data).size;
  useEffect(() => onCount(problems), [problems, onCount]);
  return null;
}
