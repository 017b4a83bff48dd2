/** A notice is past its deadline once its cut-off instant has passed (device clock). */
export function isPastDeadline(cutoffIso: string, now: number = Date.now()): boolean {
  const cutoff = Date.parse(cutoffIso);
  // An unparsable time is treated as open: the server refuses a late sign-up anyway (E409).
  return Number.isFinite(cutoff) && cutoff <= now;
}
