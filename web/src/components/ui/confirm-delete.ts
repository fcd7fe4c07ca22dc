import { tr } from '../../i18n/tr';
import { showConfirm } from './dialog-store';

/**
 * Asks before a delete, naming what it would affect: the usage is looked up when the
 * dialog is asked for, so it is current. A failed lookup still asks the plain question;
 * the delete itself then reports what is wrong.
 */
export async function confirmDelete<T>(
  question: string,
  usage: { load: () => Promise<T>; describe: (u: T) => string | undefined },
  confirmLabel: string = tr.common.delete,
): Promise<boolean> {
  let detail: string | undefined;
  try {
    detail = usage.describe(await usage.load());
  } catch {
    detail = undefined;
  }
  return showConfirm(question, { detail, confirmLabel, danger: true });
}
