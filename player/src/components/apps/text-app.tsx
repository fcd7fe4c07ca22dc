import { cq, useOnce, type AppProps } from './app-common.js';

/**
 * An announcement slide: the title and body as plain text (React text, never HTML), line
 * breaks kept, in the chosen colours and alignment (docs/PRODUCT.md#apps).
 */
export default function TextApp({ app, onReady }: AppProps<'text'>) {
  useOnce(onReady);
  const justify = app.align === 'left' ? 'flex-start' : app.align === 'right' ? 'flex-end' : 'center';
  return (
    <div data-testid="text-app" style={{
      position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: justify,
      gap: cq(4), padding: cq(6), boxSizing: 'border-box', background: app.background, color: app.textColor, textAlign: app.align,
      whiteSpace: 'pre-line', overflowWrap: 'anywhere', overflow: 'hidden',
    }}>
      {app.title.trim() !== '' && <div data-testid="text-title" style={{ fontSize: cq(10), fontWeight: 700, lineHeight: 1.15 }}>{app.title}</div>}
      {app.body.trim() !== '' && <div data-testid="text-body" style={{ fontSize: cq(6), lineHeight: 1.35 }}>{app.body}</div>}
    </div>
  );
}
