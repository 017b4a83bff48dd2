import { QueryClient, useQuery } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { ListResults } from './list-results';

interface Row {
  id: string;
}

/** The window's width as `matchMedia` reports it for the `xl` breakpoint (`undefined`: no matchMedia, as in jsdom). */
function screenIsWide(wide: boolean | undefined) {
  if (wide === undefined) return;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function List({ rows }: { rows: Promise<Row[]> }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: async () => ({ records: await rows, total: 2 }) });
  return (
    <ListResults
      query={query}
      texts={{
        loading: '正在加载',
        failed: '加载失败',
        total: (n) => `共 ${n} 条`,
        empty: '暂无',
        emptyHint: '',
        noMatch: '没有符合条件的',
      }}
      filtered={false}
      page={1}
      size={10}
      onPage={() => undefined}
      onClear={() => undefined}
      table={(records) => (
        <table aria-label="TABLE">
          <tbody>
            {records.map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      cards={(records) => (
        <ul aria-label="CARDS">
          {records.map((r) => (
            <li key={r.id}>{r.id}</li>
          ))}
        </ul>
      )}
    />
  );
}

function renderList(rows: Promise<Row[]>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithI18n(
    <QueryClientProvider client={client}>
      <List rows={rows} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<ListResults>', () => {
  it.each([
    ['a wide screen: the table only', true, ['TABLE']],
    ['a phone: the cards only', false, ['CARDS']],
    ['an unknown size: both, left to CSS', undefined, ['TABLE', 'CARDS']],
  ])('draws the rows once they came, in the layout the size shows (%s)', async (_, wide, shown) => {
    screenIsWide(wide);
    let answer!: (rows: Row[]) => void;
    renderList(new Promise<Row[]>((resolve) => (answer = resolve)));
    expect(screen.getByLabelText('正在加载').getAttribute('aria-busy')).toBe('true');
    answer([{ id: 'r1' }, { id: 'r2' }]);
    // In a deferred render after the answer: found, not there at once.
    expect((await screen.findAllByText('r1')).length).toBe(shown.length);
    for (const name of ['TABLE', 'CARDS']) expect(Boolean(screen.queryByLabelText(name))).toBe(shown.includes(name));
    expect(screen.getByRole('status').textContent).toBe('共 2 条');
  });
});
