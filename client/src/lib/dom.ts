/**
 * Small DOM helpers the views share: an element with its class and text, a line of text that
 * hides when empty, a button label shown for a moment. Text only: never markup.
 */

/** A `tag` element with `className` and, when given, `text`. */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text = "",
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Shows a line of the box (a caution, a note) with ``text``, or hides it when ``text`` is empty. */
export function setLine(node: HTMLElement, text: string, kind = ""): void {
  node.textContent = text;
  node.hidden = text === "";
  if (kind) node.dataset.kind = kind;
  else delete node.dataset.kind;
}

/** Shows ``text`` on ``button`` for ``ms`` ("Copied"), then its label again. */
export function flashLabel(button: HTMLButtonElement | undefined, text: string, ms: number): void {
  if (!button) return;
  const label = button.textContent;
  button.textContent = text;
  setTimeout(() => {
    button.textContent = label;
  }, ms);
}
