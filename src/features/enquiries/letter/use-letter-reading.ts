import { useEffect, useRef, useState } from 'react';
import { readLetter, type LetterReading } from './read-letter';

export type LetterReadingState = { status: 'none' } | { status: 'reading' } | ({ status: 'read' } & LetterReading);

interface LetterEnquiry {
  enquiryNo: string;
  lines: readonly { id: string; materialNo: string }[];
}

/**
 * Reads the chosen letter as soon as it is chosen (the reader's chunk loads then, not before)
 * and hands its prices to `onPrices` once per file. `settled()` lets a submit that comes while
 * the reading still runs wait for it, so the prices it fills are the ones confirmed.
 */
export function useLetterReading(file: File | null, enquiry: LetterEnquiry, onPrices: (prices: Record<string, string>) => void) {
  const [state, setState] = useState<LetterReadingState>({ status: 'none' });
  const current = useRef<Promise<LetterReading | null>>(Promise.resolve(null));
  const latest = useRef({ enquiry, onPrices });
  useEffect(() => {
    latest.current = { enquiry, onPrices };
  });

  useEffect(() => {
    if (!file) {
      current.current = Promise.resolve(null);
      setState({ status: 'none' });
      return;
    }
    let live = true;
    setState({ status: 'reading' });
    const reading = readLetter(file, latest.current.enquiry).then((result) => {
      if (!live) return null;
      if (result.kind === 'prices' && result.filled > 0) latest.current.onPrices(result.prices);
      setState({ status: 'read', ...result });
      return result;
    });
    current.current = reading;
    return () => {
      live = false;
    };
  }, [file]);

  return { state, settled: () => current.current };
}
