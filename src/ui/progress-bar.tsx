/** Native <progress> (announced by screen readers with its label), drawn in the brand colour. */
const BAR =
  'block h-1.5 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width]';

export function ProgressBar({
  id,
  value,
  max,
  label,
  className,
}: {
  id?: string;
  value: number;
  max: number;
  label?: string;
  className?: string;
}) {
  return (
    <progress
      id={id}
      aria-label={label}
      className={`${BAR} ${className ?? ''}`}
      max={Math.max(max, 1)}
      value={Math.min(Math.max(value, 0), Math.max(max, 1))}
    />
  );
}
