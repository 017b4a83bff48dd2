import { useLingui } from '@lingui/react/macro';
import type { PassMap } from '../passes';

/** When passes of several phones are on this device (a shared phone at a gate), which one. */
export function PassSelect({
  passes,
  phones,
  value,
  onChange,
}: {
  passes: PassMap;
  phones: string[];
  value: string;
  onChange: (phone: string) => void;
}) {
  const { t } = useLingui();
  if (phones.length < 2) return null;
  return (
    <div className="mb-4">
      <label htmlFor="pass-phone" className="label">
        {t`选择通行码`}
      </label>
      <select id="pass-phone" className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {phones.map((phone) => (
          <option key={phone} value={phone}>
            {passes[phone]?.visitorName ? `${passes[phone].visitorName} · ${phone}` : phone}
          </option>
        ))}
      </select>
    </div>
  );
}
