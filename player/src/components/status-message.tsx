type Tone = 'info' | 'error' | 'calm';

const colors: Record<Tone, string> = { info: '#e5e7eb', error: '#fca5a5', calm: '#cbd5e1' };

/** A centred line of text in the media area: loading, errors, empty playlist, package notice. */
export function StatusMessage({ children, tone = 'info' }: { children: React.ReactNode; tone?: Tone }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      style={{
        position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center',
        padding: 24, textAlign: 'center', fontFamily: 'system-ui, sans-serif', fontSize: tone === 'calm' ? 22 : 20,
        color: colors[tone], lineHeight: 1.4,
      }}
    >
      {children}
    </div>
  );
}
