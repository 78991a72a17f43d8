import { beforeEach, describe, expect, it } from "vitest";
import { CitationResolver, citationLink, siteOf } from "../src/lib/citations";
import type { Source } from "../src/lib/protocol";

const SOURCES: Source[] = [
  { n: 1, title: "Alpha", url: "https://alpha.example/page?a=1&b=2", snippet: "alpha snippet" },
  { n: 2, title: "Beta", url: "https://www.beta.example/x", snippet: "beta snippet" },
  { n: 3, title: "Gamma", url: "https://gamma.example/not-on-page", snippet: "gamma" },
  { n: 4, title: "Bad", url: "javascript:alert(1)", snippet: "bad" },
  { n: 5, title: "Data", url: "data:text/html,<script>x</script>", snippet: "bad" },
  { n: 1, title: "Duplicate n", url: "https://dup.example/", snippet: "ignored" },
];

beforeEach(() => {
  // Results in a different order than the sources: the resolver matches by href.
  document.body.innerHTML = `
    <article class="result" id="result-1"><h3><a href="https://www.beta.example/x">Beta</a></h3>
      <p class="content">b</p></article>
    <article class="result" id="result-2"><h3><a href="https://alpha.example/page?a=1&amp;b=2">Alpha</a></h3>
      <p class="content">a</p></article>
    <article class="result" id="result-3"><h3><a href="https://other.example/">Other</a></h3>
      <p class="content">Link to <a href="https://gamma.example/not-on-page">gamma</a> in a snippet</p></article>`;
});

describe("CitationResolver", () => {
  it("maps a source to the result on the page whose title link has its url", () => {
    const r = new CitationResolver(SOURCES, document);
    expect(r.resolve(1)?.href).toBe("#result-2");
    expect(r.resolve(1)?.target?.id).toBe("result-2");
    expect(r.resolve(2)?.href).toBe("#result-1");
    expect(r.resolve(2)?.source.snippet).toBe("beta snippet");
  });

  it("falls back to the source url when no result title links to it", () => {
    const c = new CitationResolver(SOURCES, document).resolve(3);
    expect(c?.href).toBe("https://gamma.example/not-on-page");
    expect(c?.target).toBeNull();
  });

  it("matches urls that differ only in normalisation", () => {
    const r = new CitationResolver(
      [{ n: 1, title: "", url: "HTTPS://ALPHA.example/page?a=1&b=2", snippet: "" }],
      document,
    );
    expect(r.resolve(1)?.href).toBe("#result-2");
  });

  it("resolves only numbers of sources the model was given, with web urls", () => {
    const r = new CitationResolver(SOURCES, document);
    for (const n of [0, -1, 4, 5, 6, 1.5, Number.NaN, 99])
      expect(r.resolve(n), String(n)).toBeNull();
    expect(r.size).toBe(3);
  });

  it("keeps the first of two sources with the same number", () => {
    expect(new CitationResolver(SOURCES, document).resolve(1)?.source.title).toBe("Alpha");
  });
});

describe("citationLink", () => {
  it("builds an in-page link for a result on the page", () => {
    const c = new CitationResolver(SOURCES, document).resolve(1);
    if (!c) throw new Error("unresolved");
    const a = citationLink(c, document);
    expect(a.outerHTML).toBe('<a class="ai-cite" href="#result-2" data-n="1">[1]</a>');
  });

  it("opens an off-page source in a new tab without opener or referrer", () => {
    const c = new CitationResolver(SOURCES, document).resolve(3);
    if (!c) throw new Error("unresolved");
    const a = citationLink(c, document);
    expect(a.getAttribute("href")).toBe("https://gamma.example/not-on-page");
    expect(a.target).toBe("_blank");
    expect(a.rel).toBe("noopener noreferrer");
  });
});

describe("siteOf", () => {
  it("gives the host without www", () => {
    expect(siteOf("https://www.beta.example/x")).toBe("beta.example");
    expect(siteOf("not a url")).toBe("");
  });
});
