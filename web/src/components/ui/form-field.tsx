import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { tr } from '../../i18n/tr';
import { separateTyped } from '../../lib/typed-separators';

type FieldProps = { label: string; hint?: string; error?: string };

function Wrapper({ id, label, hint, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>{label}</label>
      {children}
      {hint && !error && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export function TextField({ label, hint, error, id, ...rest }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} hint={hint} error={error}>
      <input id={fid} className="input" aria-invalid={Boolean(error) || undefined} aria-describedby={describedBy(fid, hint, error)} {...rest} />
    </Wrapper>
  );
}

/**
 * A time of day typed as 'SS:DD', 24-hour. Chromium draws <input type="time"> in the browser's
 * own language whatever the page's lang ('01:00 PM' in an English browser), so this is a text
 * input; the contract's schema checks it (docs/PRODUCT.md#schedule).
 */
export function TimeField({ onChange, ...props }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <TextField type="text" inputMode="numeric" placeholder="SS:DD" maxLength={5} autoComplete="off" {...props}
      onChange={(e) => {
        separateTyped(e, 'time');
        onChange?.(e);
      }} />
  );
}

/** What makes an <input> a day-first date field; also for a bare input with its own label. */
export const dateInputProps = {
  type: 'text', inputMode: 'numeric', placeholder: tr.dateField.placeholder, maxLength: 10, autoComplete: 'off',
} as const satisfies InputHTMLAttributes<HTMLInputElement>;

/**
 * A day typed as 'GG.AA.YYYY'. Chromium draws <input type="date"> in the browser's own language
 * whatever the page's lang ('11/27/2026' in an English browser), so this is a text input; the
 * form reads it with lib/date-text's readDayFirst (docs/PRODUCT.md#schedule). Its inputMode
 * brings a phone's numeric keypad, which has no '.': the dots come by themselves (separateTyped).
 */
export function DateField({ onChange, ...props }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <TextField {...dateInputProps} {...props}
      onChange={(e) => {
        separateTyped(e, 'date');
        onChange?.(e);
      }} />
  );
}

export function SelectField({ label, hint, error, id, children, ...rest }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} hint={hint} error={error}>
      <select id={fid} className="input" aria-describedby={describedBy(fid, hint, error)} {...rest}>{children}</select>
    </Wrapper>
  );
}

export function TextAreaField({ label, hint, error, id, ...rest }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} hint={hint} error={error}>
      <textarea id={fid} className="input" aria-describedby={describedBy(fid, hint, error)} {...rest} />
    </Wrapper>
  );
}
