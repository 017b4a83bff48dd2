import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePrice, useQuoteStore, type QuoteStore } from './quote-store';
import type { QuoteValues } from './quote-values';

const START: QuoteValues = { currency: '', taxIncluded: true, deliveryDate: '2030-07-15', remark: '', prices: { l1: '', l2: '', l3: '' } };

/** A store as the form makes it, outside a form. */
function storeOf(initial = START): QuoteStore {
  let store: QuoteStore | undefined;
  function Holder() {
    store = useQuoteStore(() => initial);
    return null;
  }
  render(<Holder />);
  return store!;
}

describe('the quote store', () => {
  it("calls a line's own listeners only for that line's price, and every-change listeners for each change", () => {
    const store = storeOf();
    const [l1, l2, all] = [vi.fn(), vi.fn(), vi.fn()];
    store.subscribePrice('l1', l1);
    const stop = store.subscribePrice('l2', l2);
    store.subscribe(all);

    store.setPrice('l1', '1');
    expect([l1.mock.calls.length, l2.mock.calls.length, all.mock.calls.length]).toEqual([1, 0, 1]);
    // The same text again: nothing changed, nobody is called.
    store.setPrice('l1', '1');
    expect([l1.mock.calls.length, l2.mock.calls.length, all.mock.calls.length]).toEqual([1, 0, 1]);
    // A term: no line.
    store.setTerm('currency', 'CNY');
    expect([l1.mock.calls.length, l2.mock.calls.length, all.mock.calls.length]).toEqual([1, 0, 2]);
    // Several prices at once (a letter): the lines whose price changed.
    store.setPrices({ l1: '1', l2: '2', l3: '3' });
    expect([l1.mock.calls.length, l2.mock.calls.length, all.mock.calls.length]).toEqual([1, 1, 3]);
    // Everything at once (a restored draft): again the lines whose price changed.
    store.replace({ ...store.get(), prices: { l1: '9', l2: '2', l3: '' } });
    expect([l1.mock.calls.length, l2.mock.calls.length, all.mock.calls.length]).toEqual([2, 1, 4]);
    stop();
    store.setPrice('l2', '5');
    expect(l2).toHaveBeenCalledTimes(1);
    expect(store.get().prices).toEqual({ l1: '9', l2: '5', l3: '' });
  });

  it('a line reading its price re-renders when that price changes, not when another does', () => {
    const store = storeOf();
    const renders: Record<string, number> = {};
    function Line({ id }: { id: string }) {
      const price = usePrice(store, id);
      renders[id] = (renders[id] ?? 0) + 1;
      return <span data-testid={id}>{price}</span>;
    }
    const view = render(
      <>
        <Line id="l1" />
        <Line id="l2" />
      </>,
    );
    expect(renders).toEqual({ l1: 1, l2: 1 });
    act(() => store.setPrice('l1', '12'));
    act(() => store.setPrice('l1', '12.5'));
    expect(renders).toEqual({ l1: 3, l2: 1 });
    expect(view.getByTestId('l1').textContent).toBe('12.5');
    act(() => store.replace({ ...store.get(), prices: { l1: '12.5', l2: '3' } }));
    expect(renders).toEqual({ l1: 3, l2: 2 });
    expect(view.getByTestId('l2').textContent).toBe('3');
  });
});
