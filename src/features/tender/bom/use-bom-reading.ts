import { useEffect, useRef, useState } from 'react';
import { readBom, type BomReading } from './read-bom';

export type BomReadingState = { status: 'none' } | { status: 'reading' } | ({ status: 'read' } & BomReading);

/**
 * Reads the chosen bill as soon as it is chosen (the reader's chunk loads then, not before).
 * `settled()` lets a submit that comes while the reading still runs wait for its verdict
 * instead of refusing or skipping it.
 */
export function useBomReading(file: File | null): { state: BomReadingState; settled: () => Promise<BomReading | null> } {
  // The last verdict and the file it is about: the state of another file is derived, not reset.
  const [read, setRead] = useState<{ file: File; reading: BomReading } | null>(null);
  const current = useRef<Promise<BomReading | null>>(Promise.resolve(null));

  useEffect(() => {
    if (!file) {
      current.current = Promise.resolve(null);
      return;
    }
    let live = true;
    const reading = readBom(file);
    current.current = reading;
    void reading.then((result) => {
      if (live) setRead({ file, reading: result });
    });
    return () => {
      live = false;
    };
  }, [file]);

  const state: BomReadingState = !file
    ? { status: 'none' }
    : read?.file === file
      ? { status: 'read', ...read.reading }
      : { status: 'reading' };
  return { state, settled: () => current.current };
}
