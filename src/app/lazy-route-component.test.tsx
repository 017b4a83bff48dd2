import { CHUNK_LOAD_TIMEOUT_MS } from '@contract/http';
import { act, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { setUnsaved } from '@/offline/unsaved';
import { ChunkLoadError, lazyRouteComponent, withChunkTimeout } from './lazy-route-component';
import { mayReloadAutomatically } from './route-error';

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>caught {(this.state.error as Error).name}</p> : this.props.children;
  }
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  setUnsaved('form', false);
});

describe('withChunkTimeout', () => {
  it('gives up after 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(new Promise(() => {}));
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await outcome;
  });

  it('turns a failed import into a ChunkLoadError and passes a loaded one through', async () => {
    await expect(
      withChunkTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
    ).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: expect.stringContaining('/assets/x.js'),
    });
    await expect(withChunkTimeout(Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('lazyRouteComponent', () => {
  it('renders the loaded component, preloaded or not', async () => {
    const Lazy = lazyRouteComponent(async () => ({ component: () => <p>loaded</p> }), 'component');
    await act(async () => {
      renderWithI18n(
        <Suspense fallback={<p>waiting</p>}>
          <Lazy />
        </Suspense>,
      );
    });
    expect(await screen.findByText('loaded')).toBeTruthy();
    await Lazy.preload?.();
  });

  it('throws a failed chunk to the error boundary instead of reloading, and loads afresh next time', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let attempt = 0;
    const Lazy = lazyRouteComponent(async () => {
      attempt++;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/old.js');
      return { default: () => <p>second try</p> };
    });
    await Lazy.preload?.();
    const first = renderWithI18n(
      <Boundary>
        <Suspense fallback={<p>waiting</p>}>
          <Lazy />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('caught ChunkLoadError')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    first.unmount();

    // The router preloads the route again on the next navigation (or "try again").
    await Lazy.preload?.();
    renderWithI18n(
      <Suspense fallback={<p>waiting</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByText('second try')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});

describe('mayReloadAutomatically', () => {
  it('allows one reload per ten minutes, and none with unsaved input', () => {
    expect(mayReloadAutomatically()).toBe(true);
    sessionStorage.setItem('portal:chunk-reload-at', String(Date.now()));
    expect(mayReloadAutomatically()).toBe(false);
    expect(mayReloadAutomatically(Date.now() + 11 * 60_000)).toBe(true);
    sessionStorage.clear();
    setUnsaved('form', true);
    expect(mayReloadAutomatically()).toBe(false);
  });
});
