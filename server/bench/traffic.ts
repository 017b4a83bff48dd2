import { BULK_VOCABULARY } from '../seed/notices';
import { rng } from '../seed/random';

/**
 * The benchmark's traffic: what the login screen's public lists see. A share of plain list pages
 * (both types, mostly the first pages, sizes 10 and 20) and a share of searches over many
 * distinct terms drawn from what the bulk notices contain (1- to 4-character Chinese terms,
 * whole unit names and locations, tender numbers, title numbers, and terms that match nothing),
 * so that no answer cache can carry the figure.
 */
export interface TrafficMix {
  bodies: string[];
  terms: number;
  termsByKind: Record<string, number>;
  searchShare: number;
}

const chars = (s: string) => Array.from(s);
const substrings = (s: string, len: number) => {
  const c = chars(s).filter((ch) => ch.trim() !== '');
  return Array.from({ length: Math.max(0, c.length - len + 1) }, (_, i) => c.slice(i, i + len).join(''));
};

/** Distinct search terms by kind, all (but the `none` kind) present in the bulk notices of `notices` rows. */
export function searchTerms(notices: number): Record<string, string[]> {
  const r = rng(2026);
  const { materials, units, places } = BULK_VOCABULARY;
  const words = [...materials, ...units, ...places, '年度采购项目'];
  const of = (len: number) => [...new Set(words.flatMap((w) => substrings(w, len)))];
  const number = () => String(r.int(1, notices)).padStart(8, '0');
  return {
    cjk1: of(1),
    cjk2: of(2),
    cjk3: of(3),
    cjk4: of(4),
    unit: [...units],
    place: [...places],
    material: [...materials],
    tenderNo: Array.from({ length: 60 }, () => `BK${number()}`),
    tenderNoPart: Array.from({ length: 30 }, () => `bk${number().slice(0, r.int(4, 7))}`),
    titleNo: Array.from({ length: 30 }, () => `第${r.int(1, notices)}批`),
    none: ['钢铁', '铝锭', '不存在的单位', 'xyz', '%', '_批', '100%'],
  };
}

export function trafficMix(opts: { notices: number; count: number; searchShare: number; seed?: number }): TrafficMix {
  const r = rng(opts.seed ?? 7);
  const byKind = searchTerms(opts.notices);
  const termsByKind = Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v.length]));
  const all = [...new Set(Object.values(byKind).flat())];
  // Pages: mostly the first, then a tail up to page 50 (lists) or 5 (searches).
  const pageNo = (max: number) => (r.next() < 0.6 ? 1 : r.int(2, max));
  const bodies = Array.from({ length: opts.count }, () => {
    const bindOrPurchase = r.int(0, 1);
    const pageSize = r.next() < 0.8 ? 10 : 20;
    if (r.next() >= opts.searchShare) return JSON.stringify({ bindOrPurchase, pageNo: pageNo(50), pageSize });
    return JSON.stringify({ bindOrPurchase, pageNo: pageNo(5), pageSize, searchContent: r.pick(all) });
  });
  return { bodies, terms: all.length, termsByKind, searchShare: opts.searchShare };
}
