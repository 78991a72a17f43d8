import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAYOUTS, setupHotkeys } from "../src/features/hotkeys";

let stop: (() => void) | undefined;

function page(layout: "default" | "vim"): void {
  document.body.innerHTML = `<form role="search"><input id="q" type="search" value="cats"></form>
    <ol class="results">
      <li><article class="result" id="result-1"><h3><a href="https://one.example/">One</a></h3></article></li>
      <li><article class="result" id="result-2"><h3><a href="https://two.example/">Two</a></h3></article></li>
      <li><article class="result" id="result-3"><h3><a href="https://three.example/">Three</a></h3></article></li>
    </ol>
    <nav class="pagination"><a rel="next" href="/search?q=cats&pageno=2">Next page</a></nav>
    <section id="hotkeys-help" tabindex="-1" hidden><button type="button" class="hotkeys-close">Close</button></section>`;
  stop = setupHotkeys(document, layout);
}

function press(
  key: string,
  target: EventTarget = document.body,
  init: KeyboardEventInit = {},
): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function selected(): string[] {
  return [...document.querySelectorAll("article.result[data-selected]")].map((a) => a.id);
}

beforeEach(() => {
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined); // jsdom has no layout to scroll
});

afterEach(() => {
  vi.restoreAllMocks();
  stop?.();
  stop = undefined;
});

describe("hotkeys", () => {
  it("default: the arrows select results and focus their link, within the list", () => {
    page("default");
    press("ArrowRight");
    expect(selected()).toEqual(["result-1"]);
    press("ArrowRight");
    press("ArrowRight");
    press("ArrowRight");
    expect(selected()).toEqual(["result-3"]);
    expect(document.activeElement?.textContent).toBe("Three");
    press("ArrowLeft");
    expect(selected()).toEqual(["result-2"]);
    expect(press("j").defaultPrevented).toBe(false); // not a key of this layout
    expect(selected()).toEqual(["result-2"]);
  });

  it("vim: j and k select, g and v go to the ends", () => {
    page("vim");
    press("j");
    press("j");
    expect(selected()).toEqual(["result-2"]);
    press("k");
    expect(selected()).toEqual(["result-1"]);
    press("v");
    expect(selected()).toEqual(["result-3"]);
    press("g");
    expect(selected()).toEqual(["result-1"]);
    expect(press("ArrowRight").defaultPrevented).toBe(false);
  });

  it("leaves keys typed into the search box alone, and keys with a modifier", () => {
    page("vim");
    const q = document.getElementById("q") as HTMLInputElement;
    q.focus();
    expect(press("j", q).defaultPrevented).toBe(false);
    expect(press("j", document.body, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(selected()).toEqual([]);
    press("Escape", q);
    expect(document.activeElement).not.toBe(q);
  });

  it("i goes to the search box with the caret at the end", () => {
    page("default");
    press("i");
    const q = document.getElementById("q") as HTMLInputElement;
    expect(document.activeElement).toBe(q);
    expect(q.selectionStart).toBe(4);
  });

  it("h shows the list and Esc or Close hides it", () => {
    page("default");
    const help = document.getElementById("hotkeys-help") as HTMLElement;
    press("h");
    expect(help.hidden).toBe(false);
    expect(document.activeElement).toBe(help);
    press("Escape");
    expect(help.hidden).toBe(true);
    press("h");
    help.querySelector<HTMLButtonElement>(".hotkeys-close")?.click();
    expect(help.hidden).toBe(true);
  });

  it("n follows the next page link; o and t open the selected result", () => {
    page("default");
    const next = document.querySelector<HTMLAnchorElement>('a[rel="next"]') as HTMLAnchorElement;
    const clicked = vi.fn((e: Event) => e.preventDefault());
    next.addEventListener("click", clicked);
    press("n");
    expect(clicked).toHaveBeenCalledTimes(1);
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    press("t"); // nothing selected: nothing opens
    expect(open).not.toHaveBeenCalled();
    press("ArrowRight");
    press("t");
    expect(open).toHaveBeenCalledWith("https://one.example/", "_blank", "noopener,noreferrer");
    open.mockRestore();
  });

  it("n and p press a POST user's page buttons", () => {
    page("default");
    const nav = document.querySelector(".pagination") as HTMLElement;
    nav.innerHTML = `<form class="post-link" method="post" action="/search"><button type="submit" data-rel="prev">Previous page</button></form>
      <form class="post-link" method="post" action="/search"><button type="submit" data-rel="next">Next page</button></form>`;
    const pressed: string[] = [];
    for (const b of nav.querySelectorAll<HTMLButtonElement>("button")) {
      b.addEventListener("click", (e) => {
        e.preventDefault();
        pressed.push(b.dataset.rel ?? "");
      });
    }
    press("n");
    press("p");
    expect(pressed).toEqual(["next", "prev"]);
  });

  it("a key another control handled is left to it", () => {
    page("default");
    const q = document.getElementById("q") as HTMLInputElement;
    q.focus();
    q.addEventListener("keydown", (e) => e.preventDefault(), { once: true });
    press("Escape", q);
    expect(document.activeElement).toBe(q);
  });

  it("both layouts share SearXNG's common keys", () => {
    for (const key of ["Escape", "c", "h", "i", "n", "o", "p", "r", "t"]) {
      expect(Object.hasOwn(LAYOUTS.default, key) && Object.hasOwn(LAYOUTS.vim, key)).toBe(true);
    }
    expect(Object.keys(LAYOUTS.vim)).toEqual(
      expect.arrayContaining(["b", "d", "f", "g", "j", "k", "u", "v", "y"]),
    );
  });
});
