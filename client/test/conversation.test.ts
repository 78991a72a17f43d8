import { beforeEach, describe, expect, it, vi } from "vitest";
import { mount, type SummaryBox } from "../src/features/summary/ai_summary";
import { readSettings } from "../src/lib/settings";
import { DONE, HEAD, lines } from "./fake_server";
import { setupPage, until } from "./page";

const ID = "Vh1abcdefghijklmnopq_-";
const conversationLine = (turn: number, share = true) => ({
  conversation: { id: ID, turn, max_turns: 3, share },
});
const TURN2_SOURCES = [
  { n: 3, title: "Gamma", url: "https://gamma.example/", snippet: "Gamma has 3 people." },
];
const SHARE_URL = "http://localhost/shared/Xk2abcdefghijklmnopq_-";

interface Call {
  url: string;
  body: Record<string, unknown>;
}

/** A fetch that answers each endpoint with the next of its scripted bodies. */
function server(script: Record<string, (string | Response)[]>): {
  fetch: typeof fetch;
  calls: Call[];
} {
  const calls: Call[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    const next = script[url]?.shift();
    if (next instanceof Response) return next;
    if (next === undefined) return new Response("{}", { status: 500 });
    const type = url === "/ai_summary/share" ? "application/json" : "application/x-ndjson";
    return new Response(next, { status: 200, headers: { "Content-Type": type } });
  };
  return { fetch: impl as typeof fetch, calls };
}

function first(related: string[] = ["alpha in greek", "beta"], share = true): string {
  return lines(HEAD, { delta: "Alpha is first [1]." }, { related }, conversationLine(1, share), {
    ...DONE,
    support: [],
  });
}

function turn(n: number, text: string): string {
  return lines(
    { search: { query: "how many people live there alpha", rewritten: false } },
    { v: 1, sources: TURN2_SOURCES, model: "tiny-llm", cached: false },
    { delta: text },
    { related: ["gamma facts"] },
    conversationLine(n),
    { ...DONE, citations: [3] },
  );
}

function start(fetch: typeof globalThis.fetch): SummaryBox {
  const root = setupPage();
  const box = mount(root, readSettings(document), { start: "always", fetch });
  if (!box) throw new Error("not mounted");
  return box;
}

function q<T extends HTMLElement = HTMLElement>(sel: string): T {
  const node = document.querySelector<T>(sel);
  if (!node) throw new Error(`no ${sel}`);
  return node;
}

function visible(sel: string): boolean {
  const node = document.querySelector<HTMLElement>(sel);
  return node !== null && node.closest("[hidden]") === null;
}

function submit(text: string): void {
  const input = q<HTMLInputElement>("#ai-follow-up-input");
  input.value = text;
  q<HTMLFormElement>(".ai-follow-up").requestSubmit();
}

beforeEach(() => {
  vi.useRealTimers();
});

describe("the conversation under the answer", () => {
  it("offers a labelled follow-up input, related buttons and Share once the answer is done", async () => {
    const { fetch } = server({ "/ai_summary": [first()] });
    const box = start(fetch);
    expect(visible("#ai-follow-up-input")).toBe(false);
    await until(() => box.state === "done");
    await until(() => visible("#ai-follow-up-input"));
    const input = q<HTMLInputElement>("#ai-follow-up-input");
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Ask a follow-up");
    expect(input.maxLength).toBe(500);
    const related = [...document.querySelectorAll<HTMLButtonElement>(".ai-related__btn")];
    expect(related.map((b) => b.textContent)).toEqual(["alpha in greek", "beta"]);
    expect(visible(".ai-follow-up__share")).toBe(true);
  });

  it("asks a follow-up: only the conversation id, the question and the turn go to the server", async () => {
    const { fetch, calls } = server({
      "/ai_summary": [first()],
      "/ai_summary/follow_up": [turn(2, "Gamma has 3 people [3].")],
    });
    const box = start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    submit("  how many people live there  ");
    await until(() => document.querySelector(".ai-turn")?.getAttribute("data-state") === "done");
    expect(calls[1]).toEqual({
      url: "/ai_summary/follow_up",
      body: { conversation: ID, question: "how many people live there", turn: 2 },
    });
    const t = q(".ai-turn");
    expect(q(".ai-turn__question").textContent).toBe("how many people live there");
    expect(q(".ai-turn__searched").textContent).toBe(
      "Searched for: how many people live there alpha",
    );
    expect(q(".ai-turn__answer").textContent).toBe("Gamma has 3 people [3].");
    // Its citation resolves against its own sources (numbered on from the first turn's).
    const cite = q<HTMLAnchorElement>(".ai-turn__answer a.ai-cite");
    expect(cite.dataset.n).toBe("3");
    expect(t.querySelector(".ai-summary__used")?.textContent).toContain("[3]");
    expect(box.root.dataset.conversation).toBe("");
    // The next turn's related questions replace the first answer's.
    const related = [...document.querySelectorAll<HTMLButtonElement>(".ai-related__btn")];
    expect(related.map((b) => b.textContent)).toEqual(["gamma facts"]);
    expect(q<HTMLInputElement>("#ai-follow-up-input").value).toBe("");
  });

  it("a related question's button asks it and keeps the keyboard in the form", async () => {
    const { fetch, calls } = server({
      "/ai_summary": [first()],
      "/ai_summary/follow_up": [turn(2, "Greek alpha [3].")],
    });
    start(fetch);
    await until(() => visible(".ai-related__btn"));
    q<HTMLButtonElement>(".ai-related__btn").click();
    expect(document.activeElement?.id).toBe("ai-follow-up-input");
    await until(() => document.querySelector(".ai-turn")?.getAttribute("data-state") === "done");
    expect(calls[1]?.body.question).toBe("alpha in greek");
  });

  it("no new question while an answer streams, and none past max_turns", async () => {
    const { fetch, calls } = server({
      "/ai_summary": [first()],
      "/ai_summary/follow_up": [turn(2, "Two [3]."), turn(3, "Three [3].")],
    });
    start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    submit("second");
    submit("ignored while busy");
    await until(() => document.querySelectorAll(".ai-turn[data-state=done]").length === 1);
    submit("third");
    await until(() => document.querySelectorAll(".ai-turn[data-state=done]").length === 2);
    expect(calls.map((c) => c.body.question)).toEqual([undefined, "second", "third"]);
    expect(visible("#ai-follow-up-input")).toBe(false);
    expect(visible(".ai-related__btn")).toBe(false);
    expect(visible(".ai-follow-up__limit")).toBe(true);
    expect(visible(".ai-follow-up__share")).toBe(true); // the whole conversation can still be shared
  });

  it("Regenerate on a turn asks that turn again and drops the turns after it", async () => {
    const { fetch, calls } = server({
      "/ai_summary": [first()],
      "/ai_summary/follow_up": [turn(2, "Two [3]."), turn(3, "Three [3]."), turn(2, "Again [3].")],
    });
    start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    submit("second");
    await until(() => document.querySelectorAll(".ai-turn[data-state=done]").length === 1);
    submit("third");
    await until(() => document.querySelectorAll(".ai-turn[data-state=done]").length === 2);
    q<HTMLButtonElement>('.ai-turn[data-turn="2"] .ai-turn__btn--regenerate').click();
    await until(() => q(".ai-turn__answer").textContent === "Again [3].");
    expect(document.querySelectorAll(".ai-turn")).toHaveLength(1);
    expect(calls.at(-1)?.body).toEqual({ conversation: ID, question: "second", turn: 2 });
    expect(visible("#ai-follow-up-input")).toBe(true);
  });

  it("Stop on a turn ends its stream; Retry asks the same turn again", async () => {
    let aborted = false;
    const hanging = (signal: AbortSignal): Response =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(lines({ delta: "Partial " })));
            signal.addEventListener("abort", () => {
              aborted = true;
              controller.error(new DOMException("aborted", "AbortError"));
            });
          },
        }),
        { status: 200, headers: { "Content-Type": "application/x-ndjson" } },
      );
    const { fetch: scripted, calls } = server({
      "/ai_summary": [first()],
      "/ai_summary/follow_up": [turn(2, "Whole [3].")],
    });
    let followUps = 0;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === "/ai_summary/follow_up" && followUps++ === 0) {
        calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return hanging(init?.signal as AbortSignal);
      }
      return scripted(input, init);
    }) as typeof globalThis.fetch;
    start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    submit("second");
    await until(() => visible(".ai-turn__btn--stop"));
    expect(q<HTMLInputElement>("#ai-follow-up-input").readOnly).toBe(true);
    q<HTMLButtonElement>(".ai-turn__btn--stop").click();
    await until(() => document.querySelector(".ai-turn")?.getAttribute("data-state") === "stopped");
    expect(aborted).toBe(true);
    expect(q(".ai-turn .ai-summary__note").textContent).toBe("Stopped.");
    expect(q<HTMLInputElement>("#ai-follow-up-input").readOnly).toBe(false);
    q<HTMLButtonElement>(".ai-turn__btn--retry").click();
    await until(() => q(".ai-turn__answer").textContent === "Whole [3].");
    expect(calls.slice(1).map((c) => c.body)).toEqual([
      { conversation: ID, question: "second", turn: 2 },
      { conversation: ID, question: "second", turn: 2 },
    ]);
  });

  it("a failed turn shows its error and Retry; the next question takes its place", async () => {
    const refused = new Response(
      JSON.stringify({ error: { code: "bad_conversation", message: "x" } }),
      { status: 403, headers: { "Content-Type": "application/json" } },
    );
    const { fetch } = server({
      "/ai_summary": [first()],
      "/ai_summary/follow_up": [refused, turn(2, "Fine [3].")],
    });
    start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    submit("lost");
    await until(() => document.querySelector(".ai-turn")?.getAttribute("data-state") === "error");
    expect(visible(".ai-turn__btn--retry")).toBe(true);
    submit("found");
    await until(() => q(".ai-turn__answer").textContent === "Fine [3].");
    expect([...document.querySelectorAll(".ai-turn__question")].map((h) => h.textContent)).toEqual([
      "found",
    ]);
  });

  it("regenerating the first answer starts a new conversation: the turns go", async () => {
    const { fetch } = server({
      "/ai_summary": [first(), first()],
      "/ai_summary/follow_up": [turn(2, "Two [3].")],
    });
    const box = start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    submit("second");
    await until(() => document.querySelector(".ai-turn")?.getAttribute("data-state") === "done");
    q<HTMLButtonElement>(".ai-summary__btn--regenerate").click();
    await until(() => box.state === "done");
    expect(document.querySelectorAll(".ai-turn")).toHaveLength(0);
    expect(box.root.dataset.conversation).toBeUndefined();
  });

  it("questions, answers and related questions are text, never markup", async () => {
    const evil = '<img src=x onerror="alert(1)">';
    const { fetch } = server({
      "/ai_summary": [first([evil])],
      "/ai_summary/follow_up": [turn(2, `${evil} [3].`)],
    });
    start(fetch);
    await until(() => visible(".ai-related__btn"));
    expect(q(".ai-related__btn").textContent).toBe(evil);
    submit(evil);
    await until(() => document.querySelector(".ai-turn")?.getAttribute("data-state") === "done");
    expect(q(".ai-turn__question").textContent).toBe(evil);
    expect(document.querySelector("#ai-summary img")).toBeNull();
  });

  it("Share shows the link the server made; a refusal shows its message", async () => {
    const refused = new Response(JSON.stringify({ error: { code: "disabled", message: "" } }), {
      status: 404,
      headers: { "Content-Type": "application/json" },
    });
    const { fetch, calls } = server({
      "/ai_summary": [first()],
      "/ai_summary/share": [JSON.stringify({ id: "x", url: SHARE_URL, expires: 1 }), refused],
    });
    start(fetch);
    await until(() => visible(".ai-follow-up__share"));
    q<HTMLButtonElement>(".ai-follow-up__share").click();
    await until(() => document.querySelector(".ai-share__link") !== null);
    const link = q<HTMLAnchorElement>(".ai-share__link");
    expect(link.href).toBe(SHARE_URL);
    expect(link.textContent).toBe(SHARE_URL);
    expect(calls.at(-1)).toEqual({ url: "/ai_summary/share", body: { conversation: ID } });
    q<HTMLButtonElement>(".ai-follow-up__share").click();
    await until(() => q(".ai-share").dataset.kind === "error");
    expect(q(".ai-share").textContent).toBe("This is turned off on this server.");
  });

  it("no Share button when the server says this conversation cannot be shared", async () => {
    const { fetch } = server({ "/ai_summary": [first([], false)] });
    start(fetch);
    await until(() => visible("#ai-follow-up-input"));
    expect(visible(".ai-follow-up__share")).toBe(false);
    expect(visible(".ai-related")).toBe(false);
  });
});
