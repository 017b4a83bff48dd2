import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { focusMainOnNavigation } from './route-focus';

type Resolved = { fromLocation?: { pathname: string }; pathChanged: boolean };

function fakeRouter() {
  let listener: (event: Resolved) => void = () => {};
  const router = { subscribe: (_: string, fn: typeof listener) => ((listener = fn), () => {}) } as unknown as AnyRouter;
  return { router, resolve: (event: Resolved) => listener(event) };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusMainOnNavigation', () => {
  it('puts focus that fell to the body on the main content once another screen shows', async () => {
    document.body.innerHTML = '<main id="main" tabindex="-1"><h1>工作台</h1></main>';
    const { router, resolve } = fakeRouter();
    focusMainOnNavigation(router);
    resolve({ fromLocation: { pathname: '/login' }, pathChanged: true });
    await frame();
    expect(document.activeElement?.id).toBe('main');
  });

  it('leaves focus a screen put on a field, the first load, and a change of the search alone', async () => {
    document.body.innerHTML = '<main id="main" tabindex="-1"><input aria-label="关键字"></main>';
    const { router, resolve } = fakeRouter();
    focusMainOnNavigation(router);
    resolve({ pathChanged: true });
    resolve({ fromLocation: { pathname: '/platform/home' }, pathChanged: false });
    await frame();
    expect(document.activeElement).toBe(document.body);
    const field = document.querySelector('input')!;
    field.focus();
    resolve({ fromLocation: { pathname: '/platform/home' }, pathChanged: true });
    await frame();
    expect(document.activeElement).toBe(field);
  });
});
