import { afterEach, describe, expect, it, vi } from "vitest";
import { readSettings } from "../src/lib/settings";
import { route, summaryStart } from "../src/router";
import { DONE, fakeFetch, HEAD, lines } from "./fake_server";
import { setupPage, until } from "./page";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("summaryStart", () => {
  const settings = (mode: string) => {
    setupPage({ settings: { ai_summary_mode: mode } });
    return readSettings(document);
  };

  it.each([
    ["always", "always", "anything", "always"],
    ["questions", "questions", "how does it work", "always"],
    ["questions", "questions", "eiffel tower", null],
    ["click", "click", "how does it work", "click"],
    ["never", "always", "how does it work", null],
    ["always", "never", "how does it work", null],
  ])("user mode %s, placeholder mode %s, query %s -> %s", (user, placed, query, expected) => {
    const s = settings(user);
    const root = document.createElement("section");
    root.dataset.mode = placed;
    expect(summaryStart(root, s, query)).toBe(expected);
  });
});

describe("route", () => {
  it("mounts the box on the results page and starts the request", async () => {
    const { fetch, calls } = fakeFetch([lines(HEAD, { delta: "x" }, DONE)]);
    vi.stubGlobal("fetch", fetch);
    const root = setupPage({ mode: "always" });
    await route(document);
    await until(() => root.dataset.state === "done");
    expect(calls).toHaveLength(1);
  });

  it.each([
    ["never", "always"],
    ["always", "never"],
    ["questions", "questions"],
  ])("user mode %s with placeholder %s sends nothing and hides the box", async (user, placed) => {
    const { fetch, calls } = fakeFetch([lines(HEAD, DONE)]);
    vi.stubGlobal("fetch", fetch);
    // The fake page's query ("what is alpha?") is a question, so use a plain one here.
    const root = setupPage({
      mode: placed,
      settings: { ai_summary_mode: user },
      data: {
        evidence: { v: 1, query: "alpha letter", lang: "en", exp: 0, sources: [] },
        signature: "s",
      },
    });
    await route(document);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toHaveLength(0);
    expect(root.hidden).toBe(true);
  });

  it("does nothing on pages without features or without a placeholder", async () => {
    const { fetch, calls } = fakeFetch([]);
    vi.stubGlobal("fetch", fetch);
    setupPage();
    document.getElementById("ai-summary")?.remove();
    await route(document);
    document.body.dataset.page = "preferences";
    await route(document);
    expect(calls).toHaveLength(0);
  });
});
