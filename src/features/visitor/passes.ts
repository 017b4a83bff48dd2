import type { VisitPass } from '@contract/schemas/visitor';
import { passExpired } from '@contract/visitor-values';
import { kvGet, kvSet } from '@/offline/db';
import { VISITOR_PASSES_KEY as PASSES_KEY } from '@/offline/use-outbox';

export type PassMap = Record<string, VisitPass>;

const listeners = new Set<() => void>();

/**
 * How many passes this device holds, mirrored in localStorage for the prerendered /visitLogin
 * (src/prerender/pages.ts): index.html's script cannot read IndexedDB before the first paint,
 * and a visitor with a pass must not see the phone form flash before the QR.
 */
export const PASSES_HINT_KEY = 'visitor-passes';

function keepHint(passes: PassMap): PassMap {
  try {
    globalThis.localStorage?.setItem(PASSES_HINT_KEY, String(Object.keys(passes).length));
  } catch {
    // Storage refused: the prerendered form may show for a moment before the QR.
  }
  return passes;
}

/** The passes kept on this device, by phone. Read before any network: the gate may have no signal. */
export async function loadPasses(): Promise<PassMap> {
  return keepHint((await kvGet<PassMap>(PASSES_KEY)) ?? {});
}

/** Keeps a pass (a newer pass for the same phone replaces the old one). */
export async function storePass(pass: VisitPass): Promise<void> {
  const all = await loadPasses();
  const next = { ...all, [pass.phone]: pass };
  await kvSet(PASSES_KEY, next);
  keepHint(next);
  listeners.forEach((l) => l());
}

export async function removePass(phone: string): Promise<void> {
  const { [phone]: _gone, ...rest } = await loadPasses();
  await kvSet(PASSES_KEY, rest);
  keepHint(rest);
  listeners.forEach((l) => l());
}

/** Called when this tab adds or removes a pass. */
export function onPassesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type PassValidity = 'valid' | 'expired' | 'notYetValid';

/**
 * Where `now` stands in the pass's window. The window's ends come from the bid service's
 * answer (the same instants it signed into the QR): the portal cannot check the signature,
 * only show what the gate will decide.
 */
export function passValidity(pass: Pick<VisitPass, 'validFrom' | 'validUntil'>, now: number = Date.now()): PassValidity {
  const from = Date.parse(pass.validFrom);
  if (passExpired(pass.validUntil, now)) return 'expired';
  if (Number.isFinite(from) && now < from) return 'notYetValid';
  return 'valid';
}
