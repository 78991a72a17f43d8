import { describe, expect, it } from "vitest";
import { type ScrollDeps, setupInfiniteScroll } from "../src/features/infinite_scroll";

function results(from: number, to: number): string {
  const items = [];
  for (let i = from; i <= to; i++) {
    items.push(
      `<li><article class="result" id="result-${i - from + 1}"><h3><a href="https://r${i}.example/">R${i}</a></h3></article></li>`,
    );
  }
  return `<ol class="results">${items.join("")}</ol>`;
}

function nav(next: string | null): string {
  return `<nav class="pagination"><a rel="prev" href="/search?q=x">Previous page</a>${
    next ? `<a rel="next" href="${next}">Next page</a>` : ""
  }</nav>`;
}

function deps(pages: Record<string, string | Error>) {
  const asked: string[] = [];
  let load: (() => void) | null = null;
  let stopped = false;
  let again = 0;
  const d: ScrollDeps = {
    fetchPage: async (url) => {
      asked.push(url);
      const page = pages[url];
      if (page === undefined || page instanceof Error) throw page ?? new Error("unknown page");
      return page;
    },
    observe: (_target, fn) => {
      load = fn;
      return {
        again: () => {
          again += 1;
        },
        stop: () => {
          stopped = true;
        },
      };
    },
  };
  return { d, asked, load: () => load?.(), stopped: () => stopped, again: () => again };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const origin = () => document.location.origin;

describe("setupInfiniteScroll", () => {
  it("appends the next pages' results and moves the link on, then stops at the last page", async () => {
    document.body.innerHTML = results(1, 2) + nav("/search?q=x&pageno=2");
    const { d, asked, load, stopped, again } = deps({
      [`${origin()}/search?q=x&pageno=2`]: `<main>${results(3, 4)}${nav("/search?q=x&pageno=3")}</main>`,
      [`${origin()}/search?q=x&pageno=3`]: `<main><p>No results</p>${nav(null)}</main>`,
    });
    setupInfiniteScroll(document, d);
    load();
    await settle();
    const titles = [...document.querySelectorAll("ol.results h3")].map((h) => h.textContent);
    expect(titles).toEqual(["R1", "R2", "R3", "R4"]);
    expect(document.querySelectorAll("[id^=result-]")).toHaveLength(2); // appended items carry no id
    expect(again()).toBe(1); // the links may still be in view: asked once more
    expect(document.querySelector("nav.pagination a[rel=next]")?.getAttribute("href")).toBe(
      "/search?q=x&pageno=3",
    );
    load();
    await settle();
    expect(asked).toHaveLength(2);
    expect(document.querySelectorAll("ol.results > li")).toHaveLength(4);
    expect(document.querySelector("nav.pagination a")).toBeNull();
    expect(stopped()).toBe(true);
  });

  it("keeps the page links when the next page cannot be fetched", async () => {
    document.body.innerHTML = results(1, 2) + nav("/search?q=x&pageno=2");
    const { d, load, stopped } = deps({
      [`${origin()}/search?q=x&pageno=2`]: new Error("offline"),
    });
    setupInfiniteScroll(document, d);
    load();
    await settle();
    expect(document.querySelectorAll("ol.results > li")).toHaveLength(2);
    expect(document.querySelector("nav.pagination a[rel=next]")).not.toBeNull();
    expect(stopped()).toBe(true);
  });

  it.each(["https://elsewhere.example/search?q=x&pageno=2", "/preferences", "javascript:alert(1)"])(
    "never follows a next link to %s",
    async (href) => {
      document.body.innerHTML = results(1, 2) + nav(href);
      const { d, asked, load } = deps({});
      setupInfiniteScroll(document, d);
      load();
      await settle();
      expect(asked).toEqual([]);
    },
  );

  it("keeps no script, frame or handler of the fetched page", async () => {
    document.body.innerHTML = results(1, 1) + nav("/search?q=x&pageno=2");
    const hostile =
      '<ol class="results"><li><article class="result" onclick="x()"><img src="/a.png" onerror="x()">' +
      '<script>x()</script><iframe src="https://evil.example/"></iframe><h3>R2</h3></article></li></ol>';
    const { d, load } = deps({ [`${origin()}/search?q=x&pageno=2`]: hostile + nav(null) });
    setupInfiniteScroll(document, d);
    load();
    await settle();
    const added = document.querySelectorAll("ol.results > li")[1];
    expect(added?.textContent).toContain("R2");
    expect(added?.querySelector("script, iframe")).toBeNull();
    expect(added?.querySelector("[onclick], [onerror]")).toBeNull();
    expect(added?.querySelector("img")?.getAttribute("src")).toBe("/a.png");
  });

  it("does nothing on a page without a result list", () => {
    document.body.innerHTML = nav("/search?q=x&pageno=2");
    const { d, load, asked } = deps({});
    setupInfiniteScroll(document, d);
    load();
    expect(asked).toEqual([]);
  });
});
