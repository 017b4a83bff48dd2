import { act, render, screen } from '@testing-library/react';
import { useId, useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followPrerender } from './prerender-handoff';

const sent: string[] = [];

/** The app's login form: its state starts empty, as after any fresh render. */
function Form() {
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('zh-CN');
  const [remember, setRemember] = useState(false);
  const noteId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.push(`${name}|${language}|${remember}`);
  };
  return (
    <form onSubmit={submit}>
      <input id="login-username" aria-label="账号" value={name} onChange={(e) => setName(e.target.value)} />
      <textarea id={noteId} aria-label="备注" defaultValue="" />
      <select aria-label="语言" value={language} onChange={(e) => setLanguage(e.target.value)}>
        <option value="zh-CN">简体中文</option>
        <option value="en">English</option>
      </select>
      <input type="checkbox" aria-label="记住账号" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
      <button type="submit">进入工作台</button>
      <p>state: {name}</p>
    </form>
  );
}

/** The prerendered markup of that form, as index.html holds it (ids made by useId differ from the app's). */
const PRERENDER =
  '<form><input id="login-username" value=""><textarea id="«R1»"></textarea><select><option value="zh-CN" selected>简体中文</option><option value="en">English</option></select><input type="checkbox"><button type="submit">进入工作台</button><p>state: </p></form>';

function prerendered() {
  const root = document.createElement('div');
  root.setAttribute('data-prerendered', '');
  root.innerHTML = PRERENDER;
  // As index.html's inline script does: the browser does not act on a tap on the prerender.
  root.addEventListener('click', (event) => root.hasAttribute('data-prerendered') && event.preventDefault(), true);
  document.body.append(root);
  return root;
}

/** The app renders over the prerender, as src/main.tsx does, then hands over. */
function takeOver(root: HTMLElement, meanwhile = () => {}) {
  const handOver = followPrerender(root);
  meanwhile();
  root.replaceChildren();
  render(<Form />, { container: root });
  root.removeAttribute('data-prerendered');
  act(() => handOver());
}

afterEach(() => {
  document.body.replaceChildren();
  sent.length = 0;
  vi.useRealTimers();
});

describe('followPrerender', () => {
  it('hands what was typed or autofilled, picked and ticked on the prerender to the app’s form state', () => {
    const root = prerendered();
    root.querySelector('input')!.value = 'demo_a104';
    root.querySelector('textarea')!.value = '下午两点到';
    root.querySelector('select')!.value = 'en';
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = true;

    takeOver(root);
    expect(screen.getByText('state: demo_a104')).toBeTruthy();
    expect((screen.getByLabelText('备注') as HTMLTextAreaElement).value).toBe('下午两点到');
    expect((screen.getByLabelText('语言') as HTMLSelectElement).value).toBe('en');
    expect((screen.getByLabelText('记住账号') as HTMLInputElement).checked).toBe(true);
  });

  it('follows what is typed and focused while the app renders, up to its commit', () => {
    const root = prerendered();
    takeOver(root, () => {
      const input = root.querySelector('input')!;
      input.focus();
      input.value = 'demo_a1';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.value = 'demo_a104';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      root.querySelector('select')!.value = 'en';
      root.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(screen.getByText('state: demo_a104')).toBeTruthy();
    expect((screen.getByLabelText('语言') as HTMLSelectElement).value).toBe('en');
    expect(document.activeElement).toBe(screen.getByLabelText('账号'));
  });

  it('leaves untouched fields alone', () => {
    takeOver(prerendered());
    expect(screen.getByText('state:')).toBeTruthy();
    expect((screen.getByLabelText('语言') as HTMLSelectElement).value).toBe('zh-CN');
    expect((screen.getByLabelText('记住账号') as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the focus and the caret where the person left them', () => {
    const root = prerendered();
    const input = root.querySelector('input')!;
    input.value = 'demo_a104';
    input.focus();
    input.setSelectionRange(4, 4);

    takeOver(root);
    const field = screen.getByLabelText('账号') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
  });

  it('replays a held tap once, after the typed values are in the state', async () => {
    vi.useFakeTimers();
    const root = prerendered();
    root.querySelector('input')!.value = 'demo_a104';

    takeOver(root, () => {
      // What index.html's inline script does with a tap on the submit button.
      root.setAttribute('data-held-tap', '0/4');
      root.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(root.hasAttribute('data-held-tap')).toBe(false);
    expect(sent).toEqual([]);
    await act(() => vi.runAllTimersAsync());
    expect(sent).toEqual(['demo_a104|zh-CN|false']);
  });

  it('submits a form whose submission was held (Enter with no button)', async () => {
    vi.useFakeTimers();
    const root = prerendered();
    root.setAttribute('data-held-tap', '0');
    takeOver(root);
    await act(() => vi.runAllTimersAsync());
    expect(sent).toEqual(['|zh-CN|false']);
  });

  it('drops a held tap when the app’s screen has something else at that place', async () => {
    vi.useFakeTimers();
    const root = prerendered();
    root.querySelector('button')!.textContent = '游客模式';
    root.setAttribute('data-held-tap', '0/4');
    takeOver(root);
    await act(() => vi.runAllTimersAsync());
    expect(sent).toEqual([]);
  });

  it('replays a held tap on a link on the link to the same address, wherever the app’s screen puts it', async () => {
    vi.useFakeTimers();
    // A server render holds the list both as cards and as a table (CSS shows one); the app's
    // screen renders only the one shown, so the tapped link's place differs.
    const row = (id: string) => `<a href="/platform/communicateRecord/${id}">GT${id}</a>`;
    const root = prerendered();
    root.innerHTML = `<div><ul><li>${row('1')}</li><li>${row('2')}</li></ul><table><tbody><tr><td>${row('1')}</td></tr><tr><td>${row('2')}</td></tr></tbody></table></div>`;
    // The second row of the table: div > table > tbody > tr[1] > td > a.
    root.setAttribute('data-held-tap', '0/1/0/1/0/0');
    const handOver = followPrerender(root);
    root.replaceChildren();
    const opened: string[] = [];
    const link = (id: string) => (
      <a href={`/platform/communicateRecord/${id}`} onClick={(event) => (event.preventDefault(), opened.push(id))}>
        GT{id}
      </a>
    );
    render(
      <div>
        <table>
          <tbody>
            <tr>
              <td>{link('1')}</td>
            </tr>
            <tr>
              <td>{link('2')}</td>
            </tr>
          </tbody>
        </table>
      </div>,
      { container: root },
    );
    root.removeAttribute('data-prerendered');
    act(() => handOver());
    await act(() => vi.runAllTimersAsync());
    expect(opened).toEqual(['2']);
  });
});
