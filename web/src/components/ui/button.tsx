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

export function Button({ variant = 'primary', size = 'md', busy, busyText, block, className, children, disabled, type, ...rest }: Props) {
  const cls = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', block ? 'btn-block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type ?? 'button'} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
