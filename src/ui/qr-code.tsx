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
 * A QR code drawn here from its text (no network, no canvas): black on white whatever the theme
 * or the printer, crisp edges, sized by its container. Medium error correction (the door-opening
 * pass: a scratched or glaring phone screen at the gate) unless told otherwise; a long text (a
 * printed receipt) takes low, for fewer, larger modules.
 */
export function QrCode({
  value,
  label,
  className,
  ecc = 'M',
  testId = 'visit-qr',
}: {
  value: string;
  label: string;
  className?: string;
  ecc?: 'L' | 'M';
  testId?: string;
}) {
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc, border: QUIET_ZONE });
    return { path: darkModulesPath(qr.data), size: qr.size };
  }, [value, ecc]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
      data-testid={testId}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
