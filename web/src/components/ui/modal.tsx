import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { tr } from '../../i18n/tr';
import { focusBeforeDialog, returnFocus } from './focus-return';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** alertdialog for alerts and confirmations (spec: validation messages in a modal). */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md';
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** Where focus starts: a marked element, else the first form field, else the first control after the × button. */
function initialFocus(node: HTMLElement): HTMLElement {
  return node.querySelector<HTMLElement>('[data-autofocus]')
    ?? node.querySelector<HTMLElement>(`.modal-body :is(${FIELD})`)
    ?? node.querySelector<HTMLElement>(`.modal-body :is(${FOCUSABLE}), .modal-footer :is(${FOCUSABLE})`)
    ?? node.querySelector<HTMLElement>(FOCUSABLE)
    ?? node;
}

/**
 * Modal dialog: max width 600px (docs/PRODUCT.md#constants). A native <dialog> opened with
 * showModal(): the browser keeps Tab inside it, makes the page behind inert and turns Escape into
 * a `cancel` event, and a later dialog (an alert over a form) sits above an earlier one in the top
 * layer (docs/architecture/web.md#web). What is ours: where focus starts, where it goes back to, and
 * the backdrop's click rule. The <dialog> covers the viewport and its ::backdrop tints it; the
 * panel inside is the `.modal`, so a press on the <dialog> itself is a press on the backdrop.
 */
export function Modal({ open, title, onClose, children, footer, role = 'dialog', size = 'md' }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Layout effect: the dialog is shown before the browser paints, so it never flashes in late.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = focusBeforeDialog(dialog);
    if (!dialog.open) dialog.showModal();
    initialFocus(dialog.querySelector<HTMLElement>('.modal') ?? dialog).focus();
    // Escape: the parent decides (it closes by rendering open={false}). A browser may refuse to let
    // a cancel be stopped (Escape pressed twice with no click between) and close the dialog
    // itself: then the `close` event tells the parent.
    const onCancel = (e: Event) => {
      if (!e.cancelable) return;
      e.preventDefault();
      onCloseRef.current();
    };
    const onClosed = () => onCloseRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      if (dialog.open) dialog.close();
      returnFocus(previous, dialog);
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // A double-click's second press (detail 2) is the same press: it lands on the backdrop of the
    // confirm its first click opened, and must not cancel it (docs/architecture/web.md#web).
    <dialog
      ref={dialogRef}
      className="modal-backdrop"
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      onMouseDown={(e) => e.target === e.currentTarget && e.detail < 2 && onClose()}
    >
      <div className={`modal modal-${size}`} tabIndex={-1}>
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">{title}</h2>
          <button type="button" className="modal-close" aria-label={tr.common.close} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </dialog>,
    document.body,
  );
}
