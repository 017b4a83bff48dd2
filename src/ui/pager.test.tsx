import { screen } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageItems, Pager } from './pager';

describe('pageItems', () => {
  it('lists all pages when few', () => expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]));
  it('keeps first, last and a window with gaps', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});

describe('<Pager>', () => {
  it('offers the page sizes and starts over at page 1 on a new size', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Pager pageNo={3} pageSize={10} total={95} onChange={onChange} />);
    const select = screen.getByLabelText('每页条数');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['10', '20', '50', '100']);
    await userEvent.selectOptions(select, '50');
    expect(onChange).toHaveBeenCalledWith(1, 50);
  });

  it('disables prev on the first page and next on the last', () => {
    const { rerender } = renderWithI18n(<Pager pageNo={1} pageSize={10} total={30} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '上一页' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '下一页' })).toHaveProperty('disabled', false);
    rerender(<Pager pageNo={3} pageSize={10} total={30} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '上一页' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: '下一页' })).toHaveProperty('disabled', true);
  });

  it('goes to the previous, next and a clicked page; marks the current one', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Pager pageNo={2} pageSize={20} total={100} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await userEvent.click(screen.getByRole('button', { name: '上一页' }));
    await userEvent.click(screen.getByRole('button', { name: '第 5 页' }));
    expect(onChange.mock.calls).toEqual([
      [3, 20],
      [1, 20],
      [5, 20],
    ]);
  });

  it('jumps to a typed page, clamped to the last', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Pager pageNo={1} pageSize={10} total={42} onChange={onChange} />);
    const jumper = screen.getByLabelText('跳转到页码');
    await userEvent.type(jumper, '4{Enter}');
    await userEvent.type(jumper, '99{Enter}');
    expect(onChange.mock.calls).toEqual([
      [4, 10],
      [5, 10],
    ]);
  });

  it('shows one page for no records', () => {
    renderWithI18n(<Pager pageNo={1} pageSize={10} total={0} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '下一页' })).toHaveProperty('disabled', true);
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('shows a capped total as "10,000+" and reaches only the pages it can show', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Pager pageNo={1} pageSize={20} total={10_000} totalCapped onChange={onChange} />);
    expect(screen.getByText('共 10,000+ 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 500 页' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('跳转到页码'), '9999{Enter}');
    expect(onChange.mock.calls).toEqual([[500, 20]]);
  });
});
