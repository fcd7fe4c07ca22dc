import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'danger-soft' | 'ghost';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: 'sm' | 'md';
  /** Shows `busyText` (when given) and disables the button. */
  busy?: boolean;
  busyText?: string;
  block?: boolean;
};

export function Button({ variant = 'primary', size = 'md', busy, busyText, block, className, children, disabled, type, onClick, ...rest }: Props) {
  const cls = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', block ? 'btn-block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  // A double-click is one press: its second click (detail 2) does not submit again, even when
  // the first one's request has already finished and reset the form (docs/architecture/web.md#web).
  const click: Props['onClick'] = (e) => {
    if (type === 'submit' && e.detail > 1) {
      e.preventDefault();
      return;
    }
    onClick?.(e);
  };
  return (
    <button type={type ?? 'button'} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} onClick={click} {...rest}>
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
