/**
 * The handover of a prerendered screen (src/prerender) to the app. The prerender is live from
 * the first paint: a person can type into its fields, move the focus, pick an option, tick a
 * box; a tap on a link, button or tab (or a form's submission) is held by index.html's inline
 * script (`data-held-tap`, src/prerender/shell-html.ts) instead of being lost. All of that is
 * read from the old markup, and read again after each thing a person does, until the app's
 * screen replaces it; once that screen is committed, it is handed to the same elements there: values as the events typing makes (so
 * the forms' state holds them), the focus, then the held tap, replayed once. Nothing a person
 * did while the app loaded is lost, and nothing is done twice.
 */

/** Where an element is, to find the same one in the app's screen. */
interface Place {
  /** Its id, when the app renders the same one (ids made by useId differ, and fall back to the path). */
  id: string;
  /** Child indexes from the root. */
  steps: number[];
  tag: string;
  text: string;
  /** A link's address, which names it wherever the app's screen puts it. */
  href?: string;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_TYPES = new Set(['text', 'password', 'email', 'tel', 'search', 'number', 'url', '']);
const isTextInput = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type)) || el instanceof HTMLTextAreaElement;
const isToggle = (el: Element): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

function placeOf(root: HTMLElement, el: Element): Place {
  const steps: number[] = [];
  for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement) {
    steps.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  const href = el instanceof HTMLAnchorElement ? (el.getAttribute('href') ?? undefined) : undefined;
  return { id: el.id, steps, tag: el.tagName, text: textOf(el), ...(href === undefined ? {} : { href }) };
}

function find(root: HTMLElement, place: Place): HTMLElement | null {
  const byId = place.id ? document.getElementById(place.id) : null;
  if (byId && root.contains(byId) && byId.tagName === place.tag) return byId;
  let el: Element | undefined = root;
  for (const step of place.steps) el = el?.children[step];
  if (el instanceof HTMLElement && el.tagName === place.tag && (place.href === undefined || el.getAttribute('href') === place.href))
    return el;
  // The app's screen may be laid out otherwise: a server render holds a list both as cards and
  // as a table (CSS shows one), the app's screen only the one shown. A link is the one to the
  // same address with the same text.
  if (place.href === undefined) return null;
  return (
    [...root.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
      (a) => a.getAttribute('href') === place.href && textOf(a) === place.text,
    ) ?? null
  );
}

/** Sets a field's value the way a person does, so React's onChange sees it. */
function setValue(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

interface Kept {
  place: Place;
  value?: string;
  checked?: boolean;
}

/** What was put into a field, when it differs from the prerendered markup's. */
function keptOf(root: HTMLElement, el: Field): Kept | null {
  if (isToggle(el)) return el.checked !== el.defaultChecked ? { place: placeOf(root, el), checked: el.checked } : null;
  if (el instanceof HTMLSelectElement) {
    return [...el.options].some((option) => option.selected !== option.defaultSelected)
      ? { place: placeOf(root, el), value: el.value }
      : null;
  }
  return isTextInput(el) && el.value !== el.defaultValue ? { place: placeOf(root, el), value: el.value } : null;
}

function selectionOf(el: Element): [number, number] | null {
  try {
    return isTextInput(el) && el.selectionStart !== null && el.selectionEnd !== null ? [el.selectionStart, el.selectionEnd] : null;
  } catch {
    return null; // types without a selection (email, number)
  }
}

interface Done {
  fields: Kept[];
  focus: { place: Place; selection: [number, number] | null } | null;
  tap: Place | null;
}

/** What has been done on the prerender in `root` so far. */
function read(root: HTMLElement): Done {
  const fields = [...root.querySelectorAll<Field>('input, textarea, select')].map((el) => keptOf(root, el)).filter((kept) => kept !== null);
  const active = document.activeElement;
  const focus =
    active && active !== root && root.contains(active) ? { place: placeOf(root, active), selection: selectionOf(active) } : null;
  const heldPath = root.getAttribute('data-held-tap');
  let held: Element | undefined = heldPath === null ? undefined : root;
  for (const step of heldPath?.split('/').filter(Boolean) ?? []) held = held?.children[Number(step)];
  return { fields, focus, tap: held && held !== root ? placeOf(root, held) : null };
}

/** Hands `done` to the app's screen, now in `root`. */
function handOver(root: HTMLElement, { fields, focus, tap }: Done): void {
  for (const { place, value, checked } of fields) {
    const el = find(root, place);
    if (checked !== undefined && el instanceof HTMLInputElement && isToggle(el)) {
      if (el.checked !== checked) el.click();
    } else if (value !== undefined && (el instanceof HTMLSelectElement || (el && isTextInput(el))) && el.value !== value) {
      setValue(el, value);
    }
  }
  if (focus && (document.activeElement === document.body || document.activeElement === null)) {
    const el = find(root, focus.place);
    el?.focus({ preventScroll: true });
    if (el && focus.selection && isTextInput(el)) {
      try {
        el.setSelectionRange(...focus.selection);
      } catch {
        // no selection on this type
      }
    }
  }
  if (tap) {
    // After React has rendered what the values above changed: the handler sees the new state.
    setTimeout(() => {
      const el = find(root, tap);
      if (el instanceof HTMLFormElement) el.requestSubmit();
      else if (el && textOf(el) === tap.text) el.click();
    }, 0);
  }
}

/** The events after which what was done on the prerender is read again. */
const FOLLOWED = ['input', 'change', 'focusin', 'keyup', 'pointerup', 'click', 'submit'] as const;

/**
 * Follows what is done on the prerender in `root` from now until the app's screen replaces it
 * (the app renders in slices meanwhile, and a person may go on typing). The returned function,
 * called once that screen is committed, hands all of it over.
 */
export function followPrerender(root: HTMLElement): () => void {
  let done = read(root);
  const update = () => {
    done = read(root);
  };
  for (const type of FOLLOWED) root.addEventListener(type, update, true);
  return () => {
    for (const type of FOLLOWED) root.removeEventListener(type, update, true);
    root.removeAttribute('data-held-tap');
    handOver(root, done);
  };
}
