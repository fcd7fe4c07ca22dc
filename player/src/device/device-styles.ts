/** Large, high-contrast controls: pairing is done with a TV remote or a finger, often from a distance. */
export const styles: Record<string, React.CSSProperties> = {
  page: { minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#0f172a', color: '#f8fafc', padding: 24, boxSizing: 'border-box' },
  card: { width: '100%', maxWidth: 480, background: '#1e293b', borderRadius: 16, padding: 32, boxShadow: '0 20px 50px rgba(0,0,0,0.4)' },
  title: { margin: '0 0 8px', fontSize: 28, fontWeight: 700 },
  form: { display: 'flex', flexDirection: 'column', gap: 12 },
  muted: { margin: '0 0 8px', color: '#cbd5e1', fontSize: 16, lineHeight: 1.5 },
  label: { fontSize: 14, color: '#cbd5e1' },
  input: { fontSize: 28, letterSpacing: 4, padding: '12px 16px', borderRadius: 10, border: '2px solid #475569', background: '#0f172a', color: '#f8fafc', textTransform: 'uppercase' },
  button: { fontSize: 20, padding: '14px 20px', borderRadius: 10, border: 0, background: '#2563eb', color: '#fff', cursor: 'pointer', fontWeight: 600 },
  choice: { fontSize: 20, padding: '16px 20px', borderRadius: 10, border: '2px solid #334155', background: '#0f172a', color: '#f8fafc', cursor: 'pointer', textAlign: 'left' },
  secondary: { fontSize: 16, padding: '10px 16px', borderRadius: 10, border: '1px solid #475569', background: 'transparent', color: '#cbd5e1', cursor: 'pointer' },
  error: { marginTop: 16, marginBottom: 0, color: '#fca5a5', fontSize: 16 },
};
