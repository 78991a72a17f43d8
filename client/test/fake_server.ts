/** A scripted stand-in for POST /ai_summary: records requests, streams given chunks. */
import type { SummaryData } from "../src/lib/protocol";

export interface Recorded {
  url: string;
  body: Record<string, unknown>;
  signal: AbortSignal | null;
}

export const DATA: SummaryData = {
  evidence: {
    v: 1,
    query: "what is alpha?",
    lang: "en",
    exp: 1_900_000_000,
    sources: [
      {
        n: 1,
        title: "Alpha",
        url: "https://alpha.example/",
        snippet: "Alpha is the first letter.",
      },
      { n: 2, title: "Beta", url: "https://beta.example/", snippet: "Beta is the second." },
    ],
  },
  raw: {
    v: 1,
    query: "what is alpha?",
    lang: "en",
    exp: 1_900_000_000,
    sources: [
      {
        n: 1,
        title: "Alpha",
        url: "https://alpha.example/",
        snippet: "Alpha is the first letter.",
      },
      { n: 2, title: "Beta", url: "https://beta.example/", snippet: "Beta is the second." },
    ],
    extra: "kept as sent",
  },
  signature: "sig-123",
};

export const HEAD = { v: 1, sources: DATA.evidence.sources, model: "tiny-llm", cached: false };
export const DONE = {
  done: true,
  model: "tiny-llm",
  finish_reason: "stop",
  citations: [1],
  invalid_citations: [],
  cached: false,
  grounded: true,
};

export function lines(...objs: unknown[]): string {
  return objs.map((o) => `${JSON.stringify(o)}\n`).join("");
}

/**
 * A fetch that answers with `chunks` (strings) as a stream; each chunk waits for `gate()`
 * when given, so tests can observe intermediate states. Aborting errors the body.
 */
export function fakeFetch(
  chunks: string[] | (() => Response),
  opts: { status?: number; gate?: () => Promise<void> } = {},
): { fetch: typeof fetch; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({
      url: String(input),
      body: JSON.parse(String(init?.body)),
      signal: init?.signal ?? null,
    });
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException("aborted", "AbortError");
    if (typeof chunks === "function") return chunks();
    const enc = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener("abort", () => {
          try {
            controller.error(new DOMException("aborted", "AbortError"));
          } catch {
            // already closed
          }
        });
      },
      async pull(controller) {
        if (opts.gate) await opts.gate();
        if (signal?.aborted) return;
        const chunk = chunks[i++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(enc.encode(chunk));
      },
    });
    return new Response(body, {
      status: opts.status ?? 200,
      headers: { "Content-Type": "application/x-ndjson" },
    });
  };
  return { fetch: impl as typeof fetch, calls };
}

/** A gate the test opens step by step. */
export function stepper(): { gate: () => Promise<void>; step: () => Promise<void> } {
  const waiting: (() => void)[] = [];
  return {
    gate: () => new Promise<void>((resolve) => waiting.push(resolve)),
    step: async () => {
      for (let i = 0; i < 50 && waiting.length === 0; i++)
        await new Promise((r) => setTimeout(r, 1));
      waiting.shift()?.();
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 1));
    },
  };
}
