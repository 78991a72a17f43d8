/**
 * Keyboard shortcuts of the results page (the `hotkeys` preference, SearXNG's two layouts):
 * `default` selects results with ←/→, `vim` with j/k and scrolls with f/b/d/u/g/v; both open
 * (o, t), copy (c; y in vim), page (n, p), focus the search box (i), reload (r), leave the box or
 * close the list (Esc) and show the list the server rendered (h, `#hotkeys-help`). Keys act only
 * without a modifier and when no text field has the focus (Esc always).
 */

import type { HotkeyLayout as Layout } from "../lib/settings";

type Action = (doc: Document) => void;

const SELECTED = "data-selected";

function results(doc: Document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>("article.result")];
}

function selected(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`article.result[${SELECTED}]`);
}

function link(result: HTMLElement | null): HTMLAnchorElement | null {
  return result?.querySelector<HTMLAnchorElement>("h3 a[href]") ?? null;
}

/** Select the result `step` away from the selected one (the first when none is). */
export function move(doc: Document, step: number): HTMLElement | null {
  const all = results(doc);
  if (all.length === 0) return null;
  const current = selected(doc);
  const index = current ? all.indexOf(current) : -1;
  const next = index < 0 ? all[0] : all[Math.min(all.length - 1, Math.max(0, index + step))];
  if (!next) return null;
  select(next);
  return next;
}

function select(result: HTMLElement): void {
  for (const other of result.ownerDocument.querySelectorAll(`article.result[${SELECTED}]`)) {
    other.removeAttribute(SELECTED);
  }
  result.setAttribute(SELECTED, "true");
  link(result)?.focus();
  result.scrollIntoView?.({ block: "nearest" });
}

/** The result in view after scrolling: the first whose top is on screen. */
function selectVisible(doc: Document): void {
  const view = doc.defaultView;
  const first = results(doc).find((r) => {
    const box = r.getBoundingClientRect();
    return box.top >= 0 && box.top < (view?.innerHeight ?? 0);
  });
  if (first) select(first);
}

function scrollBy(doc: Document, pages: number): void {
  const view = doc.defaultView;
  view?.scrollBy(0, (view.innerHeight || 0) * pages);
  selectVisible(doc);
}

function scrollTo(doc: Document, end: "top" | "bottom"): void {
  const view = doc.defaultView;
  view?.scrollTo(0, end === "top" ? 0 : doc.documentElement.scrollHeight);
  const all = results(doc);
  const target = end === "top" ? all[0] : all.at(-1);
  if (target) select(target);
}

function open(doc: Document, newTab: boolean): void {
  const href = link(selected(doc))?.href;
  if (!href) return;
  if (newTab) doc.defaultView?.open(href, "_blank", "noopener,noreferrer");
  else doc.defaultView?.location.assign(href);
}

function copy(doc: Document): void {
  const href = link(selected(doc))?.href;
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (href && clipboard) void clipboard.writeText(href).catch(() => undefined);
}

function page(doc: Document, rel: "next" | "prev"): void {
  // a link, or a POST user's form button (_search_link.html)
  doc
    .querySelector<HTMLElement>(
      `.pagination a[rel="${rel}"], .pagination button[data-rel="${rel}"]`,
    )
    ?.click();
}

function focusSearch(doc: Document): void {
  const q = doc.querySelector<HTMLInputElement>("#q");
  if (!q) return;
  doc.defaultView?.scrollTo(0, 0);
  q.focus();
  q.setSelectionRange(q.value.length, q.value.length);
}

/** Show or hide the list of shortcuts; focus goes to it when shown and back when hidden. */
export function toggleHelp(doc: Document, show?: boolean): void {
  const help = doc.getElementById("hotkeys-help");
  if (!help) return;
  const visible = show ?? help.hidden;
  help.hidden = !visible;
  if (visible) help.focus();
  else link(selected(doc))?.focus();
}

function leave(doc: Document): void {
  const help = doc.getElementById("hotkeys-help");
  if (help && !help.hidden) {
    toggleHelp(doc, false);
    return;
  }
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active.matches("input, select, textarea")) active.blur();
}

const COMMON: Readonly<Record<string, Action>> = {
  Escape: leave,
  c: copy,
  h: (doc) => toggleHelp(doc),
  i: focusSearch,
  n: (doc) => page(doc, "next"),
  o: (doc) => open(doc, false),
  p: (doc) => page(doc, "prev"),
  r: (doc) => doc.defaultView?.location.reload(),
  t: (doc) => open(doc, true),
};

export const LAYOUTS: Readonly<Record<Layout, Readonly<Record<string, Action>>>> = {
  default: {
    ...COMMON,
    ArrowLeft: (doc) => move(doc, -1),
    ArrowRight: (doc) => move(doc, 1),
  },
  vim: {
    ...COMMON,
    b: (doc) => scrollBy(doc, -1),
    d: (doc) => scrollBy(doc, 0.5),
    f: (doc) => scrollBy(doc, 1),
    g: (doc) => scrollTo(doc, "top"),
    j: (doc) => move(doc, 1),
    k: (doc) => move(doc, -1),
    u: (doc) => scrollBy(doc, -0.5),
    v: (doc) => scrollTo(doc, "bottom"),
    y: copy,
  },
};

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.matches("input, select, textarea"))
  );
}

/** Listen for the layout's keys on the page; returns what stops listening. */
export function setupHotkeys(doc: Document, layout: Layout): () => void {
  const keys = LAYOUTS[layout];
  const onKey = (event: KeyboardEvent): void => {
    // a key another control already handled (the suggestions list's Esc) is left to it
    if (event.defaultPrevented) return;
    if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey || event.isComposing)
      return;
    const action = Object.hasOwn(keys, event.key) ? keys[event.key] : undefined;
    if (!action || (event.key !== "Escape" && typing(event.target))) return;
    event.preventDefault();
    action(doc);
  };
  const close = (): void => toggleHelp(doc, false);
  const button = doc.querySelector(".hotkeys-close");
  doc.addEventListener("keydown", onKey);
  button?.addEventListener("click", close);
  return () => {
    doc.removeEventListener("keydown", onKey);
    button?.removeEventListener("click", close);
  };
}
