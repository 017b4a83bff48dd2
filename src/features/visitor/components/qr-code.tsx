import { useMemo } from 'react';
import { encode } from 'uqr';

/** Four modules of light margin: the quiet zone scanners need (ISO/IEC 18004). */
const QUIET_ZONE = 4;

/** One path of unit squares for the dark modules, run-length joined per row to keep it short. */
function darkModulesPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return d;
}

/**
 * The door-opening QR code, drawn here from the pass text (no network, no canvas): black on
 * white whatever the theme, crisp edges, sized by its container. Medium error correction
 * tolerates a scratched or glaring phone screen at the gate.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: QUIET_ZONE });
    return { path: darkModulesPath(qr.data), size: qr.size };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
      data-testid="visit-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
