import { beforeEach, describe, expect, it, vi } from "vitest";
import { mount, type SummaryBox } from "../src/features/summary/ai_summary";
import { parseBlocks, renderBlock } from "../src/lib/markdown";
import { readSettings } from "../src/lib/settings";
import {
  markSentences,
  mostlyUnsupported,
  parseSupport,
  type SupportMark,
} from "../src/lib/support";
import { DONE, fakeFetch, HEAD, lines } from "./fake_server";
import { setupPage, until } from "./page";

function mark(start: number, end: number, state: SupportMark["state"]): SupportMark {
  return { start, end, state, citations: [], score: 0, reason: "" };
}

/** Offsets in code points, as the server sends them. */
function span(text: string, sentence: string, state: SupportMark["state"]): SupportMark {
  const at = text.indexOf(sentence);
  const start = Array.from(text.slice(0, at)).length;
  return mark(start, start + Array.from(sentence).length, state);
}

function render(text: string): HTMLDivElement {
  const div = document.createElement("div");
  for (const block of parseBlocks(text)) div.append(renderBlock(block, document, {}));
  document.body.replaceChildren(div);
  return div;
}

/** The flagged sentences' text (a sentence may span several text nodes: links, bold). */
function flagged(root: HTMLElement): string[] {
  const bySentence = new Map<string, string>();
  for (const el of root.querySelectorAll<HTMLElement>(".ai-flag")) {
    const key = el.dataset.mark ?? "";
    bySentence.set(key, (bySentence.get(key) ?? "") + (el.textContent ?? ""));
  }
  return [...bySentence.values()];
}

function sentences(root: HTMLElement): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const el of root.querySelectorAll<HTMLElement>(".ai-flag")) {
    seen.set(el.dataset.mark ?? "", [el.dataset.state ?? "", el.title]);
  }
  return [...seen.values()];
}

beforeEach(() => {
  vi.useRealTimers();
});

describe("support marks", () => {
  it("parses only well-formed, ordered marks", () => {
    expect(
      parseSupport([
        { start: 0, end: 5, state: "weak", citations: [1, "x"], score: 0.2, reason: "negation" },
        { start: 3, end: 9, state: "weak", citations: [], score: 0 }, // overlaps
        { start: 6, end: 9, state: "bogus", citations: [], score: 0 },
        { start: 9, end: 12, state: "uncited", reason: "<img src=x>" }, // unknown reasons: none
        "junk",
      ]),
    ).toEqual([
      { start: 0, end: 5, state: "weak", citations: [1], score: 0.2, reason: "negation" },
      { start: 9, end: 12, state: "uncited", citations: [], score: 0, reason: "" },
    ]);
    expect(parseSupport(null)).toEqual([]);
  });

  it("wraps flagged sentences across markup, lists and astral characters", () => {
    const text =
      "😀 Intro is **bold and weak** here [1]. Fine one [2].\n\n- Item 🎉 uncited\n- Good item [1]";
    const root = render(text);
    const before = root.textContent;
    const marks = [
      span(text, "😀 Intro is **bold and weak** here [1].", "weak"),
      span(text, "Fine one [2].", "supported"),
      span(text, "Item 🎉 uncited", "uncited"),
      span(text, "Good item [1]", "supported"),
    ];
    const count = markSentences(root, text, marks, (el, m) => {
      el.title = m.state;
    });
    expect(count).toBe(2);
    expect(root.textContent).toBe(before); // never hides or changes the text
    expect(flagged(root)).toEqual(["😀 Intro is bold and weak here [1].", "Item 🎉 uncited"]);
    expect(root.querySelector("strong .ai-flag, .ai-flag strong, strong.ai-flag")).not.toBeNull();
  });

  it("computes 'mostly unsupported' over the checked text only", () => {
    expect(mostlyUnsupported([mark(0, 10, "weak"), mark(11, 15, "supported")])).toBe(true);
    expect(mostlyUnsupported([mark(0, 10, "framing"), mark(11, 15, "supported")])).toBe(false);
    expect(mostlyUnsupported([])).toBe(false);
  });
});

function start(fetch: typeof globalThis.fetch): SummaryBox {
  const root = setupPage({});
  const box = mount(root, readSettings(document), { start: "always", fetch });
  if (!box) throw new Error("not mounted");
  return box;
}

describe("the box with support", () => {
  const TEXT = "Alpha is the first letter [1]. It was invented in 1850 [2]. Nobody knows why.";
  const SUPPORT = [
    { start: 0, end: 30, state: "supported", citations: [1], score: 1 },
    { start: 31, end: 59, state: "weak", citations: [2], score: 0 },
    { start: 60, end: 77, state: "uncited", citations: [], score: 0 },
  ];

  it("marks weak and uncited sentences with a tooltip and screen-reader text", async () => {
    const done = { ...DONE, citations: [1, 2], support: SUPPORT, answer_lang: "en" };
    const { fetch } = fakeFetch([lines(HEAD, { delta: TEXT }, done)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    expect(flagged(box.root)).toEqual(["It was invented in 1850 [2].", "Nobody knows why."]);
    expect(sentences(box.root)).toEqual([
      ["weak", "No cited result supports this sentence"],
      ["uncited", "This sentence cites no result"],
    ]);
    expect([...box.root.querySelectorAll(".ai-summary__sr")].map((s) => s.textContent)).toEqual([
      " (No cited result supports this sentence)",
      " (This sentence cites no result)",
    ]);
    // more than half of the checked text is flagged
    const caution = box.root.querySelector<HTMLElement>(".ai-summary__caution");
    expect(caution?.hidden).toBe(false);
    expect(caution?.textContent).toBe(
      "The results may not answer this question; check the sources.",
    );
    const used = box.root.querySelector<HTMLElement>(".ai-summary__used");
    expect(used?.textContent).toBe("Cited: [1] [2]");
    expect(box.root.querySelector<HTMLElement>(".ai-summary__lang")?.hidden).toBe(true);
    expect(box.answerText).toBe(TEXT);
  });

  it("says why when the cited source says the opposite", async () => {
    const text = "Alpha is approved [1]. Beta is not approved [1].";
    const support = [
      { start: 0, end: 22, state: "weak", citations: [1], score: 0, reason: "negation" },
      { start: 23, end: 48, state: "supported", citations: [1], score: 1, reason: "" },
    ];
    const done = { ...DONE, citations: [1], support, answer_lang: "en" };
    const { fetch } = fakeFetch([lines(HEAD, { delta: text }, done)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    expect(sentences(box.root)).toEqual([["weak", "The cited source says the opposite"]]);
    expect(box.root.querySelector<HTMLElement>(".ai-flag")?.dataset.reason).toBe("negation");
    expect(box.root.querySelector(".ai-summary__sr")?.textContent).toBe(
      " (The cited source says the opposite)",
    );
  });

  it("shows 'No answer in the results' and the answer's language on a mismatch", async () => {
    const text = "The search results do not answer this question.";
    const done = {
      ...DONE,
      citations: [],
      support: [{ start: 0, end: 48, state: "framing", citations: [], score: 1 }],
      answer_lang: "en",
      lang_mismatch: true,
      unanswered: true,
    };
    const { fetch } = fakeFetch([lines(HEAD, { delta: text }, done)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    expect(box.root.dataset.answer).toBe("none");
    expect(box.root.querySelector(".ai-summary__caution")?.textContent).toBe(
      "No answer in the results",
    );
    expect(box.root.querySelector(".ai-summary__lang")?.textContent).toBe("Answered in English");
    expect(box.root.querySelector(".ai-summary__answer")?.textContent).toBe(text);
    expect(box.root.querySelector(".ai-flag")).toBeNull();
  });

  it("clears the marks, the note and the label when regenerating", async () => {
    const done = { ...DONE, support: SUPPORT, lang_mismatch: true, answer_lang: "de" };
    const first = fakeFetch([lines(HEAD, { delta: TEXT }, done)]).fetch;
    const second = fakeFetch([lines(HEAD, { delta: "Alpha [1]." }, DONE)]).fetch;
    let calls = 0;
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      (calls++ === 0 ? first : second)(input, init)) as typeof globalThis.fetch;
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    expect(sentences(box.root).length).toBe(2);
    await box.start(true);
    await until(() => box.root.dataset.state === "done");
    expect(box.root.querySelectorAll(".ai-flag").length).toBe(0);
    expect(box.root.querySelector<HTMLElement>(".ai-summary__caution")?.hidden).toBe(true);
    expect(box.root.querySelector<HTMLElement>(".ai-summary__lang")?.hidden).toBe(true);
    expect(box.root.dataset.answer).toBeUndefined();
  });
});

describe("the box reading pages", () => {
  const url1 = "https://alpha.example/";
  const url2 = "https://beta.example/";

  it("says it is reading, then which pages were used, and the tip shows the passage", async () => {
    const { fetch } = fakeFetch([
      lines(
        HEAD,
        { reading: { url: url1, state: "started" } },
        { reading: { url: url2, state: "started" } },
      ),
      lines({ reading: { url: url2, state: "failed" } }, { reading: { url: url1, state: "ok" } }),
      lines(
        { passages: [{ n: 1, text: "Alpha was founded in 1802 by sailors." }] },
        { delta: "Alpha was founded in 1802 [1]." },
        { ...DONE, citations: [1] },
      ),
    ]);
    const root = setupPage({});
    const seen: string[] = [];
    new MutationObserver(() => {
      const text = root.querySelector(".ai-summary__loading")?.textContent ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(root, { subtree: true, childList: true, characterData: true });
    const box = mount(root, readSettings(document), { start: "always", fetch });
    if (!box) throw new Error("not mounted");
    await until(() => box.root.dataset.state === "done");
    expect(seen).toContain("Reading 2 pages…");
    expect(root.querySelector(".ai-summary__basis")?.textContent).toBe(
      "Based on 1 page and 1 snippet",
    );
    expect(root.querySelector(".ai-summary__read")?.textContent).toBe("Pages read: [1]");
    const cite = root.querySelector<HTMLAnchorElement>(".ai-summary__answer a.ai-cite");
    cite?.focus();
    cite?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(root.querySelector(".ai-summary__tip-passage")?.textContent).toBe(
      "Alpha was founded in 1802 by sailors.",
    );
    expect(root.querySelector(".ai-summary__tip-snippet")?.textContent).toBe(
      "Alpha is the first letter.",
    );
  });
});
