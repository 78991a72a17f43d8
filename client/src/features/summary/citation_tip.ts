/**
 * Citation behaviour inside the answer: hovering or focusing `[n]` shows the exact snippet
 * the model saw (title, site, snippet); activating it jumps to that result on the page.
 */
import { type CitationResolver, siteOf } from "../../lib/citations";

function prefersReducedMotion(win: Window): boolean {
  return win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function citeOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>("a.ai-cite") : null;
}

/** Wires hover/focus/click on citation links under `answer`; `resolver()` is read per event. */
export function bindCitations(
  root: HTMLElement,
  answer: HTMLElement,
  tip: HTMLElement,
  resolver: () => CitationResolver | null,
): void {
  const doc = root.ownerDocument;
  const win = doc.defaultView ?? window;
  let current: HTMLAnchorElement | null = null;

  const hide = (): void => {
    current?.removeAttribute("aria-describedby");
    current = null;
    tip.hidden = true;
  };

  const show = (link: HTMLAnchorElement): void => {
    const c = resolver()?.resolve(Number(link.dataset.n));
    if (!c) {
      hide();
      return;
    }
    const title = doc.createElement("strong");
    title.className = "ai-summary__tip-title";
    title.textContent = c.source.title || c.source.url;
    const site = doc.createElement("span");
    site.className = "ai-summary__tip-site";
    site.textContent = siteOf(c.source.url);
    const snippet = doc.createElement("span");
    snippet.className = "ai-summary__tip-snippet";
    snippet.textContent = c.source.snippet;
    // The passages read from the page, when the model was given them: what it really saw.
    const passages = (c.source.passages ?? []).map((text) => {
      const p = doc.createElement("span");
      p.className = "ai-summary__tip-passage";
      p.textContent = text;
      return p;
    });
    tip.replaceChildren(title, site, snippet, ...passages);
    tip.hidden = false;
    current?.removeAttribute("aria-describedby");
    current = link;
    link.setAttribute("aria-describedby", tip.id);
    // Place under the link, kept inside the box horizontally (absolute: no layout shift).
    const box = root.getBoundingClientRect();
    const at = link.getBoundingClientRect();
    const left = Math.max(0, Math.min(at.left - box.left, box.width - tip.offsetWidth));
    tip.style.left = `${left}px`;
    tip.style.top = `${at.bottom - box.top + 4}px`;
  };

  answer.addEventListener("mouseover", (e) => {
    const link = citeOf(e.target);
    if (link && link !== current) show(link);
  });
  answer.addEventListener("mouseout", (e) => {
    const link = citeOf(e.target);
    if (link && link === current && !link.contains(e.relatedTarget as Node | null)) hide();
  });
  answer.addEventListener("focusin", (e) => {
    const link = citeOf(e.target);
    if (link) show(link);
  });
  answer.addEventListener("focusout", (e) => {
    if (citeOf(e.target) === current) hide();
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !tip.hidden) hide();
  });
  answer.addEventListener("click", (e) => {
    const link = citeOf(e.target);
    if (!link) return;
    const c = resolver()?.resolve(Number(link.dataset.n));
    if (!c?.target) return; // Not on this page: the link opens the source url itself.
    e.preventDefault();
    hide();
    // Optional call: some DOMs (jsdom in unit tests) do not implement scrolling.
    c.target.scrollIntoView?.({
      behavior: prefersReducedMotion(win) ? "auto" : "smooth",
      block: "start",
    });
    c.target.querySelector<HTMLElement>("h3 a")?.focus({ preventScroll: true });
    c.target.classList.add("is-cited");
    setTimeout(() => c.target?.classList.remove("is-cited"), 2000);
  });
}
