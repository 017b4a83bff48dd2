import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { keepPrerenderInput } from './prerender-input';

function Form() {
  const [name, setName] = useState('');
  return (
    <>
      <input id="login-username" aria-label="账号" value={name} onChange={(e) => setName(e.target.value)} />
      <p>state: {name}</p>
    </>
  );
}

describe('keepPrerenderInput', () => {
  it('hands what autofill put into the prerendered form to the app’s form state once it has taken over', () => {
    const root = document.createElement('div');
    root.innerHTML = '<input id="login-username" value=""><input id="other" value="">';
    document.body.append(root);
    const field = root.querySelector<HTMLInputElement>('#login-username')!;
    field.value = 'demo_a104';
    const handOver = keepPrerenderInput(root);
    // Set while the app loads, with the event a tool or autofill sends.
    const other = root.querySelector<HTMLInputElement>('#other')!;
    other.value = 'later';
    other.dispatchEvent(new Event('input', { bubbles: true }));

    // The app renders its own fields (here: afresh, state empty), then the kept values come in.
    root.remove();
    render(<Form />);
    act(() => handOver());
    expect(screen.getByText('state: demo_a104')).toBeTruthy();
    expect((screen.getByLabelText('账号') as HTMLInputElement).value).toBe('demo_a104');
  });

  it('leaves untouched fields alone', () => {
    const root = document.createElement('div');
    root.innerHTML = '<input id="login-username" value="">';
    const handOver = keepPrerenderInput(root);
    render(<Form />);
    act(() => handOver());
    expect(screen.getByText('state:')).toBeTruthy();
  });
});
