import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { tr } from '../../i18n/tr';
import { focusBeforeDialog, returnFocus } from './focus-return';
import { inertOthers } from './inert-others';

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
 * Modal dialog: max width 600px (docs/PRODUCT.md#constants), Escape closes, Tab stays inside, the page behind is inert,
 * focus returns after. Rendered into its own element on <body> so the app root can be made inert.
 */
export function Modal({ open, title, onClose, children, footer, role = 'dialog', size = 'md' }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [host] = useState(() => document.createElement('div'));

  // Layout effect: the portal host is attached before the browser paints, so the modal never flashes in late.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = focusBeforeDialog(host);
    document.body.appendChild(host);
    const undoInert = inertOthers(host);
    const node = panel.current;
    if (node) initialFocus(node).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const firstEl = items[0]!;
        const lastEl = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstEl) {
          e.preventDefault();
          lastEl.focus();
        } else if (!e.shiftKey && document.activeElement === lastEl) {
          e.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      undoInert();
      host.remove();
      returnFocus(previous);
    };
  }, [open, host]);

  if (!open) return null;
  return createPortal(
    // A double-click's second press (detail 2) is the same press: it lands on the backdrop of the
    // confirm its first click opened, and must not cancel it (docs/architecture/web.md#web).
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && e.detail < 2 && onClose()}>
      <div
        ref={panel}
        className={`modal modal-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">{title}</h2>
          <button type="button" className="modal-close" aria-label={tr.common.close} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    host,
  );
}
