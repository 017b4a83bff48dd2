import { useEffect, useRef, useState } from 'react';
import { readBom, type BomReading } from './read-bom';

export type BomReadingState = { status: 'none' } | { status: 'reading' } | ({ status: 'read' } & BomReading);

/**
 * Reads the chosen bill as soon as it is chosen (the reader's chunk loads then, not before).
 * `settled()` lets a submit that comes while the reading still runs wait for its verdict
 * instead of refusing or skipping it.
 */
export function useBomReading(file: File | null): { state: BomReadingState; settled: () => Promise<BomReading | null> } {
  const [state, setState] = useState<BomReadingState>({ status: 'none' });
  const current = useRef<Promise<BomReading | null>>(Promise.resolve(null));

  useEffect(() => {
    if (!file) {
      current.current = Promise.resolve(null);
      setState({ status: 'none' });
      return;
    }
    let live = true;
    setState({ status: 'reading' });
    const reading = readBom(file);
    current.current = reading;
    void reading.then((result) => {
      if (live) setState({ status: 'read', ...result });
    });
    return () => {
      live = false;
    };
  }, [file]);

  return { state, settled: () => current.current };
}
