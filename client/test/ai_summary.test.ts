import { beforeEach, describe, expect, it, vi } from "vitest";
import { mount, type SummaryBox } from "../src/features/summary/ai_summary";
import { STRINGS } from "../src/lib/i18n";
import { readSettings } from "../src/lib/settings";
import { DATA, DONE, fakeFetch, HEAD, lines, stepper } from "./fake_server";
import { setupPage, until } from "./page";

function q(sel: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(sel);
  if (!el) throw new Error(`no ${sel}`);
  return el;
}

function visibleButtons(): string[] {
  return [...document.querySelectorAll<HTMLButtonElement>(".ai-summary__btn")]
    .filter((b) => !b.hidden)
    .map((b) => b.dataset.action ?? "");
}

function start(
  fetch: typeof globalThis.fetch,
  mode: "always" | "click" = "always",
  settings: Record<string, unknown> = {},
): SummaryBox {
  const root = setupPage({ settings });
  const box = mount(root, readSettings(document), { start: mode, fetch });
  if (!box) throw new Error("not mounted");
  return box;
}

beforeEach(() => {
  vi.useRealTimers();
});

describe("the summary box", () => {
  it("streams: loading, then text growing in steps, then done", async () => {
    const { gate, step } = stepper();
    const { fetch } = fakeFetch(
      [lines(HEAD), lines({ delta: "Alpha is " }), lines({ delta: "**first** [1]." }), lines(DONE)],
      { gate },
    );
    const box = start(fetch);
    const root = box.root;
    expect(root.dataset.state).toBe("loading");
    expect(q(".ai-summary__answer").getAttribute("aria-busy")).toBe("true");
    expect(visibleButtons()).toEqual(["stop"]);

    await step(); // start line
    expect(q(".ai-summary__basis").textContent).toBe("Based on 2 search snippets");
    expect(q(".ai-summary__model").textContent).toBe("tiny-llm");
    await step();
    await until(() => q(".ai-summary__answer").textContent === "Alpha is", "first delta");
    expect(root.dataset.state).toBe("streaming");
    expect(q(".ai-summary__live").textContent).toBe("Answer started");

    await step();
    await until(
      () => q(".ai-summary__answer").textContent === "Alpha is first [1].",
      "second delta",
    );
    expect(root.dataset.state).toBe("streaming");
    expect(q(".ai-summary__answer strong").textContent).toBe("first");

    await step();
    await until(() => root.dataset.state === "done", "done");
    expect(q(".ai-summary__answer").getAttribute("aria-busy")).toBe("false");
    expect(q(".ai-summary__live").textContent).toBe("Answer ready");
    expect(visibleButtons()).toEqual(["regenerate", "copy"]);
    expect(box.answerText).toBe("Alpha is **first** [1].");
  });

  it("links citations to results and shows the exact snippet on focus and hover", async () => {
    const { fetch } = fakeFetch([lines(HEAD, { delta: "A [1], B [2], none [3]." }, DONE)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    const links = [...document.querySelectorAll<HTMLAnchorElement>("a.ai-cite")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["#result-1", "#result-2"]);
    const tip = q("#ai-summary-tip");
    expect(tip.hidden).toBe(true);

    links[1]?.focus();
    expect(tip.hidden).toBe(false);
    expect(q(".ai-summary__tip-title").textContent).toBe("Beta");
    expect(q(".ai-summary__tip-site").textContent).toBe("beta.example");
    expect(q(".ai-summary__tip-snippet").textContent).toBe("Beta is the second.");
    expect(links[1]?.getAttribute("aria-describedby")).toBe("ai-summary-tip");
    links[1]?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(tip.hidden).toBe(true);

    links[0]?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(q(".ai-summary__tip-snippet").textContent).toBe("Alpha is the first letter.");
    links[0]?.dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
    expect(tip.hidden).toBe(true);

    links[1]?.click();
    expect(document.activeElement?.textContent).toBe("Beta");
    expect(q("#result-2").classList.contains("is-cited")).toBe(true);
  });

  it("Stop aborts the request and shows the partial answer as stopped", async () => {
    const { gate, step } = stepper();
    const { fetch, calls } = fakeFetch([lines(HEAD, { delta: "partial" }), lines(DONE)], { gate });
    const box = start(fetch);
    await step();
    await until(() => box.root.dataset.state === "streaming");
    q(".ai-summary__btn--stop").click();
    await until(() => box.root.dataset.state === "stopped", "stopped");
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(q(".ai-summary__answer").textContent).toBe("partial");
    expect(q(".ai-summary__note").textContent).toBe("Stopped.");
    expect(visibleButtons()).toEqual(["retry", "copy"]);
  });

  it("never shows a stream without its done line as complete", async () => {
    const { fetch } = fakeFetch([lines(HEAD, { delta: "cut off" })]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "interrupted");
    expect(q(".ai-summary__note").textContent).toBe(STRINGS["error.interrupted"]);
    expect(q(".ai-summary__answer").textContent).toBe("cut off");
    expect(visibleButtons()).toEqual(["retry", "copy"]);
  });

  const CODES = [
    "not_configured",
    "bad_request",
    "forbidden",
    "bad_signature",
    "expired",
    "busy",
    "rate_limited",
    "llm_unreachable",
    "llm_rejected",
    "llm_failed",
    "first_token_timeout",
    "idle_timeout",
    "deadline",
    "no_answer",
  ];

  it("prefers the server's plain message to the built-in one", async () => {
    const { fetch } = fakeFetch([
      lines(HEAD, { error: { code: "busy", message: "Server says busy." } }),
    ]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "error");
    expect(q(".ai-summary__note").textContent).toBe("Server says busy.");
  });

  it.each(CODES)("shows the plain message and Retry for %s", async (code) => {
    const { fetch, calls } = fakeFetch([lines(HEAD, { error: { code, message: "" } })]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "error");
    const message = STRINGS[`error.${code}` as keyof typeof STRINGS];
    expect(message).toBeTruthy();
    expect(q(".ai-summary__note").textContent).toBe(message);
    expect(box.root.dataset.error).toBe(code);
    expect(q(".ai-summary__live").textContent).toBe(message);
    expect(visibleButtons()).toEqual(["retry"]);
    q(".ai-summary__btn--retry").click();
    await until(() => calls.length === 2, "retry request");
    expect(calls[1]?.body.fresh).toBe(false);
  });

  it("treats a done line after no text as no_answer", async () => {
    const { fetch } = fakeFetch([lines(HEAD, DONE)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "error");
    expect(box.root.dataset.error).toBe("no_answer");
  });

  it("Regenerate asks again with fresh: true", async () => {
    const { fetch, calls } = fakeFetch([lines(HEAD, { delta: "x" }, DONE)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    q(".ai-summary__btn--regenerate").click();
    await until(() => calls.length === 2);
    expect(calls.map((c) => c.body.fresh)).toEqual([false, true]);
  });

  it("marks cached and ungrounded answers", async () => {
    const { fetch } = fakeFetch([
      lines({ ...HEAD, cached: true }, { delta: "x" }, { ...DONE, cached: true, grounded: false }),
    ]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    expect(q(".ai-summary__badge").hidden).toBe(false);
    expect(q(".ai-summary__note").textContent).toBe(STRINGS.not_grounded);
  });

  it("in click mode sends nothing until the button is pressed", async () => {
    const { fetch, calls } = fakeFetch([lines(HEAD, { delta: "x" }, DONE)]);
    const box = start(fetch, "click");
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toHaveLength(0);
    expect(box.root.dataset.state).toBe("idle");
    expect(visibleButtons()).toEqual(["ask"]);
    q(".ai-summary__btn--ask").click();
    await until(() => box.root.dataset.state === "done");
    expect(calls).toHaveLength(1);
  });

  it("Copy puts the answer and the source list on the clipboard", async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { fetch } = fakeFetch([lines(HEAD, { delta: "Alpha [1]." }, DONE)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    q(".ai-summary__btn--copy").click();
    await until(() => writeText.mock.calls.length === 1);
    expect(writeText.mock.calls[0]?.[0]).toBe(
      "Alpha [1].\n\nSources:\n[1] Alpha - https://alpha.example/\n[2] Beta - https://beta.example/\n",
    );
    await until(() => q(".ai-summary__btn--copy").textContent === "Copied");
  });

  it("renders model HTML as text, never as elements", async () => {
    const payload = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
    const { fetch } = fakeFetch([lines(HEAD, { delta: payload }, DONE)]);
    const box = start(fetch);
    await until(() => box.root.dataset.state === "done");
    expect(document.querySelector(".ai-summary img, .ai-summary script")).toBeNull();
    expect(q(".ai-summary__answer").textContent).toBe(payload);
  });

  it("uses the server's translations", async () => {
    const { fetch } = fakeFetch([lines(HEAD, { error: { code: "busy", message: "" } })]);
    const box = start(fetch, "always", {
      translations: { "error.busy": "Beschäftigt.", basis_other: "Aus {n} Treffern" },
    });
    await until(() => box.root.dataset.state === "error");
    expect(q(".ai-summary__note").textContent).toBe("Beschäftigt.");
    expect(q(".ai-summary__basis").textContent).toBe("Aus 2 Treffern");
  });

  it("keeps finished blocks' nodes while later text streams in", async () => {
    const { gate, step } = stepper();
    const { fetch } = fakeFetch(
      [lines(HEAD, { delta: "First para [1].\n\n" }), lines({ delta: "Second" }), lines(DONE)],
      { gate },
    );
    const box = start(fetch);
    await step();
    await until(() => document.querySelector("a.ai-cite") !== null);
    const link = q("a.ai-cite");
    await step();
    await until(() => q(".ai-summary__answer").textContent?.includes("Second") === true);
    expect(q("a.ai-cite")).toBe(link);
    await step();
    await until(() => box.root.dataset.state === "done");
  });

  it("hides the box when the placeholder data is unusable", () => {
    const root = setupPage({ data: { evidence: "nope" } });
    expect(
      mount(root, readSettings(document), { start: "always", fetch: fakeFetch([]).fetch }),
    ).toBeNull();
    expect(root.hidden).toBe(true);
  });

  it("sends the evidence exactly as the page carried it", async () => {
    const { fetch, calls } = fakeFetch([lines(HEAD, DONE)]);
    start(fetch);
    await until(() => calls.length === 1);
    expect(calls[0]?.body.evidence).toEqual(DATA.raw);
  });
});
