/**
 * What was put into a prerendered form before the app took it over. The prerender is inert, so
 * a person cannot type there, but a password manager's autofill or an automation tool can set
 * values; hydration would drop them (the form's state starts empty). They are read before
 * hydration (and while it runs), then handed to the hydrated form as the input events a user's
 * typing makes, so its state holds them too. Nothing typed is lost.
 */

const TEXT_TYPES = new Set(['text', 'password', 'email', 'tel', 'search', 'number', 'url', '']);

const isTextField = (el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type)) || el instanceof HTMLTextAreaElement;

/** Sets a value the way typing does, so React's onChange sees it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Starts keeping what goes into `root`'s fields; the returned function hands it to the hydrated fields (by id). */
export function keepPrerenderInput(root: HTMLElement): () => void {
  const kept = new Map<string, string>();
  const read = (el: EventTarget | null) => {
    if (isTextField(el) && el.id && el.value !== el.defaultValue) kept.set(el.id, el.value);
  };
  root.querySelectorAll('input, textarea').forEach(read);
  const onInput = (event: Event) => read(event.target);
  root.addEventListener('input', onInput, true);
  return () => {
    root.removeEventListener('input', onInput, true);
    for (const [id, value] of kept) {
      const field = document.getElementById(id);
      if (isTextField(field) && field.value !== value) typeInto(field, value);
    }
  };
}
