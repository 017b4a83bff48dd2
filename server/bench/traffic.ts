import { MATERIALS, PLACES, UNITS, zipf } from '../seed/bulk-notices';
import { rng } from '../seed/random';

/**
 * The benchmark's traffic: what the login screen's public lists see. A share of plain list pages
 * (both types, mostly the first pages, sizes 10 and 20) and a share of searches over many
 * distinct terms drawn from the words the bulk notices are made of (server/seed/bulk-notices.ts)
 * with the same spread (people look for what is bought most): whole and partial Chinese material
 * names (one and two characters among them), English and Vietnamese words and phrases, units,
 * places, tender numbers whole and in part, the rarest specifications, and terms that match
 * nothing. Most searches ask for the first pages; one in ten for a deep page, often past the end.
 */
export interface TrafficMix {
  bodies: string[];
  terms: number;
  termsByKind: Record<string, number>;
  searchShare: number;
}

const chars = (s: string) => Array.from(s).filter((ch) => ch.trim() !== '');
const substrings = (s: string, len: number) => {
  const c = chars(s);
  return Array.from({ length: Math.max(0, c.length - len + 1) }, (_, i) => c.slice(i, i + len).join(''));
};
const distinct = (items: string[]) => [...new Set(items)];

/** Distinct search terms by kind, most looked for first within a kind. */
export function searchTerms(notices: number): Record<string, string[]> {
  const r = rng(2026);
  const zh = MATERIALS.map((m) => m[0]);
  const en = MATERIALS.map((m) => m[1]);
  const vi = MATERIALS.map((m) => m[2]);
  const year = () => 2019 + r.int(0, 7);
  const number = () => String(r.int(1, notices)).padStart(6, '0');
  return {
    cjk1: distinct(zh.flatMap((w) => substrings(w, 1))),
    cjk2: distinct(zh.flatMap((w) => substrings(w, 2))),
    cjk3plus: distinct([...zh, ...zh.flatMap((w) => substrings(w, 3))]),
    english: distinct([...en, ...en.flatMap((w) => w.split(' ')).filter((w) => w.length > 2)]),
    englishPhrase: en.slice(0, 20).map((w) => `${w} annual tender`),
    vietnamese: distinct([...vi, ...vi.flatMap((w) => w.split(' ')).filter((w) => w.length > 1)]),
    unit: [...UNITS, ...UNITS.map((u) => u.slice(0, 4))],
    place: [...PLACES, ...PLACES.map((p) => p.slice(-3))],
    spec: ['SKF 23152', '23μm', '76mm', '1200×1000mm', 'FSC', '食品级', '进口'],
    tenderNo: Array.from({ length: 60 }, () => `${r.pick(['ZB', 'CG'])}${year()}${number()}`),
    tenderNoPart: Array.from({ length: 30 }, () => `${r.pick(['zb', 'cg'])}${year()}${number().slice(0, r.int(2, 5))}`),
    none: ['钢铁', '铝锭', '不存在的单位', 'xyz', '%', '_批', '100%', 'titanium', 'thép'],
  };
}

export function trafficMix(opts: { notices: number; count: number; searchShare: number; seed?: number }): TrafficMix {
  const r = rng(opts.seed ?? 7);
  const byKind = searchTerms(opts.notices);
  const termsByKind = Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v.length]));
  // A kind, then a term of it weighted by rank: popular words are searched for most.
  const kinds = Object.keys(byKind);
  const pickers = Object.fromEntries(kinds.map((k) => [k, zipf(byKind[k]!, 0.8)]));
  const all = distinct(Object.values(byKind).flat());
  // Pages: mostly the first; a tail up to page 50 (lists) or 5 (searches); one search in ten a
  // deep page, up to 5,000.
  const pageNo = (max: number) => (r.next() < 0.6 ? 1 : r.int(2, max));
  const searchPage = () => (r.next() < 0.1 ? r.int(6, 5_000) : pageNo(5));
  const bodies = Array.from({ length: opts.count }, () => {
    const bindOrPurchase = r.int(0, 1);
    const pageSize = r.next() < 0.8 ? 10 : 20;
    if (r.next() >= opts.searchShare) return JSON.stringify({ bindOrPurchase, pageNo: pageNo(50), pageSize });
    const term = pickers[r.pick(kinds)]!(r);
    return JSON.stringify({ bindOrPurchase, pageNo: searchPage(), pageSize, searchContent: term });
  });
  return { bodies, terms: all.length, termsByKind, searchShare: opts.searchShare };
}
