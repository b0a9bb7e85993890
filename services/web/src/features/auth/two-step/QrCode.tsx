import qrcode from 'qrcode-generator';

/** A QR code of `text`, drawn as one SVG path (qrcode-generator computes the modules; no markup is injected). */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const quiet = 2;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) if (qr.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const extent = count + quiet * 2;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges" style={{ background: '#fff', flexShrink: 0 }}>
      <path d={path} fill="#000" />
    </svg>
  );
}
