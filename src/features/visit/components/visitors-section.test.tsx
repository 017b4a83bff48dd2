import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { emptyVisitor, type VisitorValues } from '../form/visit-values';
import { VisitorsSection } from './visitors-section';

// The dictionaries come from the bid service; the focus does not depend on them.
vi.mock('./choice-fields', async (importOriginal) => ({ ...(await importOriginal<object>()), DictionaryField: () => null }));

const named = (name: string): VisitorValues => ({ ...emptyVisitor(), name });

function Harness({ initial }: { initial: VisitorValues[] }) {
  const [visitors, setVisitors] = useState(initial);
  return <VisitorsSection visitors={visitors} errors={{}} disabled={false} onChange={setVisitors} />;
}

const nameInputs = () => screen.getAllByLabelText(/^姓名/) as HTMLInputElement[];

describe('<VisitorsSection> focus', () => {
  it('goes to the added visitor, follows a moved one, and goes to the next after a removal', async () => {
    renderWithI18n(<Harness initial={[named('张三'), named('李四')]} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: '添加来访人员' }));
    expect(nameInputs()).toHaveLength(3);
    expect(document.activeElement).toBe(nameInputs()[2]);

    await user.click(screen.getByRole('button', { name: '下移 张三' }));
    expect(nameInputs().map((input) => input.value)).toEqual(['李四', '张三', '']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '下移 张三' }));

    // At the end "down" is disabled: its "up" takes the focus.
    await user.click(screen.getByRole('button', { name: '下移 张三' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '上移 张三' }));

    await user.click(screen.getByRole('button', { name: '删除 李四' }));
    expect(nameInputs().map((input) => input.value)).toEqual(['', '张三']);
    expect(document.activeElement).toBe(nameInputs()[0]);
  });
});
