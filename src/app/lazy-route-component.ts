import { CHUNK_LOAD_TIMEOUT_MS } from '@contract/http';
import { createElement, use, type ComponentType } from 'react';

/** A code-split chunk that failed to load or did not load within CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Rejects with ChunkLoadError when `loading` takes longer than `ms`, or fails. */
export function withChunkTimeout<T>(loading: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Chunk load timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([loading, timeout])
    .catch((error: unknown) => {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error });
    })
    .finally(() => clearTimeout(timer));
}

type Module = Record<string, unknown>;
export type LazyRouteComponent = ComponentType<Record<string, unknown>> & { preload?: () => Promise<void> };

/**
 * Stands in for TanStack Router's `lazyRouteComponent` in the code-split routes (vite.config.ts
 * swaps the import): the same contract (`preload`, suspends until loaded), plus the 120 s
 * timeout of SPEC.md section 9, and no reload of its own. The router's version reloads the
 * page on a missing chunk even when a form holds unsaved input; here every failure goes to the
 * route's error component (src/app/route-error.tsx), which decides.
 */
export function lazyRouteComponent(importer: () => Promise<Module>, exportName = 'default'): LazyRouteComponent {
  let loading: Promise<void> | undefined;
  let component: ComponentType<Record<string, unknown>> | undefined;
  let error: unknown;

  const load = (): Promise<void> => {
    if (component) return Promise.resolve();
    if (!loading) {
      // A new attempt (the router's preload on navigation, or "try again"): forget the last failure.
      error = undefined;
      loading = withChunkTimeout(importer()).then(
        (module) => {
          component = module[exportName] as ComponentType<Record<string, unknown>>;
        },
        (failure: unknown) => {
          loading = undefined;
          error = failure;
        },
      );
    }
    return loading;
  };

  const Lazy: LazyRouteComponent = (props) => {
    if (!component) {
      // Thrown on every render until a new load: React renders again after an error, and
      // that second render must fail the same way, not start loading behind the error screen.
      if (error) throw error;
      use(load());
      if (!component) throw error ?? new ChunkLoadError('Chunk did not load');
    }
    return createElement(component, props);
  };
  Lazy.preload = load;
  return Lazy;
}
