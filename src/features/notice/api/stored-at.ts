import { STORED_AT_HEADER } from '@contract/http';
import type { RequestOptions } from '@/api/request';

/** An answer and, when the service worker served it from its store (offline), when it was stored. */
export type MaybeStored<T> = T & { storedAt: string | null };

/**
 * Request options that read the worker's stored-at header (DESIGN.md section 4), and the
 * function that attaches what they read to the answer.
 */
export function storedAtReader(): { onResponse: RequestOptions['onResponse']; attach: <T extends object>(data: T) => MaybeStored<T> } {
  let storedAt: string | null = null;
  return {
    onResponse: (response) => {
      storedAt = response.headers.get(STORED_AT_HEADER);
    },
    attach: (data) => ({ ...data, storedAt }),
  };
}
