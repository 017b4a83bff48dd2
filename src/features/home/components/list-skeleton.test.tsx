import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSkeleton } from './list-skeleton';

const placeholders = (layout: string) => screen.getByRole('status').querySelectorAll(`${layout} > div`).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('<ListSkeleton>', () => {
  it('holds a page of rows shaped like the list: cards on phones, a table from md (at most 10)', () => {
    render(<ListSkeleton label="正在加载待办事项" rows={10} />);
    expect(screen.getByRole('status').textContent).toBe('正在加载待办事项');
    expect(placeholders('.md\\:hidden')).toBe(10);
    // A header row, then the rows.
    expect(placeholders('.md\\:block')).toBe(11);
  });

  it('a larger page is cut at 10 rows; a smaller one keeps its size', () => {
    const { unmount } = render(<ListSkeleton label="正在加载" rows={50} />);
    expect(placeholders('.md\\:hidden')).toBe(10);
    unmount();
    render(<ListSkeleton label="正在加载" rows={5} />);
    expect(placeholders('.md\\:hidden')).toBe(5);
  });

  it('ends at the bottom of the screen, in the frame that paints it: what follows starts below the fold', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 300 } as DOMRect);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(2000);
    render(<ListSkeleton label="正在加载" rows={10} />);
    const box = screen.getByRole('status');
    expect(box.style.height).toBe('');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(box.style.height).toBe(`${window.innerHeight - 300}px`);
  });
});
