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
  // The last verdict and the file it is about: the state of another file is derived, not reset.
  const [read, setRead] = useState<{ file: File; reading: LetterReading } | null>(null);
  const current = useRef<Promise<LetterReading | null>>(Promise.resolve(null));
  const latest = useRef({ enquiry, onPrices });
  useEffect(() => {
    latest.current = { enquiry, onPrices };
  });

  useEffect(() => {
    if (!file) {
      current.current = Promise.resolve(null);
      return;
    }
    let live = true;
    const reading = readLetter(file, latest.current.enquiry).then((result) => {
      if (!live) return null;
      if (result.kind === 'prices' && result.filled > 0) latest.current.onPrices(result.prices);
      setRead({ file, reading: result });
      return result;
    });
    current.current = reading;
    return () => {
      live = false;
    };
  }, [file]);

  const state: LetterReadingState = !file
    ? { status: 'none' }
    : read?.file === file
      ? { status: 'read', ...read.reading }
      : { status: 'reading' };
  return { state, settled: () => current.current };
}
