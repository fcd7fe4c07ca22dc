import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { cq, useOnce, type AppProps } from './app-common.js';

/**
 * The QR code's dark modules as one SVG path (error correction M, the size chosen by the
 * library, text as UTF-8), and its width in modules; null when the text does not fit a code.
 */
export function qrPath(text: string): { path: string; size: number } | null {
  try {
    const code = qrcode(0, 'M');
    code.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
    code.make();
    const size = code.getModuleCount();
    let path = '';
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) if (code.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
    return { path, size };
  } catch {
    return null;
  }
}

/** A QR code drawn on the screen (nothing fetched), its caption below (docs/PRODUCT.md#apps). */
export default function QrApp({ app, onReady, onFailed }: AppProps<'qr'>) {
  const qr = useMemo(() => qrPath(app.url), [app.url]);
  useOnce(() => (qr ? onReady() : onFailed()));
  if (!qr) return null;
  const quiet = 4;
  return (
    <div data-testid="qr-app" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: cq(4), background: '#fff', color: '#111' }}>
      <svg viewBox={`${-quiet} ${-quiet} ${qr.size + 2 * quiet} ${qr.size + 2 * quiet}`} shapeRendering="crispEdges"
        style={{ width: cq(app.caption ? 72 : 88), height: cq(app.caption ? 72 : 88) }} role="img" aria-label={app.caption || app.url}>
        <rect x={-quiet} y={-quiet} width={qr.size + 2 * quiet} height={qr.size + 2 * quiet} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      {app.caption && <div data-testid="qr-caption" style={{ fontSize: cq(6), fontWeight: 600, textAlign: 'center', padding: `0 ${cq(4)}` }}>{app.caption}</div>}
    </div>
  );
}
