import { create } from 'zustand';

type Pending =
  | { kind: 'alert'; message: string; title?: string; resolve: () => void }
  | { kind: 'confirm'; message: string; detail?: string; title?: string; confirmLabel?: string; danger?: boolean; resolve: (ok: boolean) => void };

type DialogState = { current: Pending | null; queue: Pending[] };

export const useDialogStore = create<DialogState>(() => ({ current: null, queue: [] }));

function push(p: Pending) {
  useDialogStore.setState((s) => (s.current ? { queue: [...s.queue, p] } : { current: p }));
}

export function closeCurrentDialog() {
  useDialogStore.setState((s) => ({ current: s.queue[0] ?? null, queue: s.queue.slice(1) }));
}

/** An alert modal dismissed with 'Tamam' (replaces window.alert, docs/PRODUCT.md#layout). */
export function showAlert(message: string, title?: string): Promise<void> {
  return new Promise((resolve) => push({ kind: 'alert', message, title, resolve }));
}

/** A confirmation modal; resolves true only when the user confirms. `detail` warns above the question. */
export function showConfirm(
  message: string,
  opts: { detail?: string; title?: string; confirmLabel?: string; danger?: boolean } = {},
): Promise<boolean> {
  return new Promise((resolve) => push({ kind: 'confirm', message, ...opts, resolve }));
}
