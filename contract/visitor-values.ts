/**
 * The gate visitor's pass rules that need a clock, written once for the bid service and the
 * portal (no zod: the pass card on /visitLogin shows them on a screen that loads no schemas).
 */

/**
 * Whether a pass valid until `validUntil` (ISO 8601, the end of its window) has expired at
 * `now` (epoch ms): from its end instant on. The bid service refuses such a pass (E403
 * passExpired); the portal reads the same instant from the pass it keeps and says so before
 * queuing a write that would be refused. An end it cannot read is not taken as expired: the
 * bid service decides then.
 */
export function passExpired(validUntil: string, now: number): boolean {
  const until = Date.parse(validUntil);
  return Number.isFinite(until) && now >= until;
}
