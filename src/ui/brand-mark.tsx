/** The portal's mark: a folded carton in brand green (the same drawing as favicon.svg). */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" fill="#0f5e4a" />
      <path d="M32 13 50 22v20L32 51 14 42V22l18-9Z" fill="#d6ece3" />
      <path d="M14 22l18 9 18-9-18-9-18 9Z" fill="#ffffff" />
      <path d="M32 31v20l18-9V22l-18 9Z" fill="#7fbda6" />
      <path d="m23 17.5 18 9v6l-4-2v-5l-18-9 4-2Z" fill="#0f5e4a" fillOpacity=".28" />
    </svg>
  );
}
