import { useCallback, useState, useSyncExternalStore } from 'react';
import type { QuoteTerms, QuoteValues } from './quote-values';

/**
 * The quote form's values outside React state, so a keystroke in one of 500 price inputs
 * re-renders that line and the parts that read every price (totals, draft), never the whole
 * form: each line subscribes to its own price only.
 */
export interface QuoteStore {
  get(): QuoteValues;
  subscribe(listener: () => void): () => void;
  setPrice(lineId: string, price: string): void;
  /** Several prices at once (an inquiry letter, a stopped quote copied over); the others stay. */
  setPrices(prices: Readonly<Record<string, string>>): void;
  setTerm<K extends keyof QuoteTerms>(name: K, value: QuoteTerms[K]): void;
  /** Everything at once (a restored draft). */
  replace(values: QuoteValues): void;
}

function createQuoteStore(initial: QuoteValues): QuoteStore {
  let values = initial;
  const listeners = new Set<() => void>();
  const set = (next: QuoteValues) => {
    values = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => values,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPrice(lineId, price) {
      if (values.prices[lineId] !== price) set({ ...values, prices: { ...values.prices, [lineId]: price } });
    },
    setPrices(prices) {
      set({ ...values, prices: { ...values.prices, ...prices } });
    },
    setTerm(name, value) {
      if (values[name] !== value) set({ ...values, [name]: value });
    },
    replace: set,
  };
}

/** One store per mounted form; `initial` is read once. */
export function useQuoteStore(initial: () => QuoteValues): QuoteStore {
  const [store] = useState(() => createQuoteStore(initial()));
  return store;
}

/** Re-renders only when this line's price changes. */
export function usePrice(store: QuoteStore, lineId: string): string {
  const read = useCallback(() => store.get().prices[lineId] ?? '', [store, lineId]);
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Re-renders only when this term changes. */
export function useTerm<K extends keyof QuoteTerms>(store: QuoteStore, name: K): QuoteTerms[K] {
  const read = useCallback(() => store.get()[name], [store, name]);
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Every value: for the parts that need all prices (totals, the draft). */
export function useQuoteValues(store: QuoteStore): QuoteValues {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
