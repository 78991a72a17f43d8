import { describe, expect, it } from "vitest";
import type { SummaryEvent } from "../src/lib/protocol";
import { requestSummary } from "../src/lib/summary_client";
import { DATA, DONE, fakeFetch, HEAD, lines } from "./fake_server";

async function collect(gen: AsyncGenerator<SummaryEvent>): Promise<SummaryEvent[]> {
  const out: SummaryEvent[] = [];
  for await (const ev of gen) out.push(ev);
  return out;
}

describe("requestSummary", () => {
  it("posts the raw evidence, signature and fresh flag as JSON, same-origin", async () => {
    const { fetch, calls } = fakeFetch([lines(HEAD, DONE)]);
    await collect(requestSummary(DATA, true, { fetch }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/ai_summary");
    expect(calls[0]?.body).toEqual({
      query: "what is alpha?",
      evidence: DATA.raw,
      signature: "sig-123",
      fresh: true,
    });
  });

  it("yields start, deltas and done from a stream split mid-line", async () => {
    const text = lines(HEAD, { delta: "Alpha " }, { delta: "is first [1]." }, DONE);
    const chunks = [text.slice(0, 7), text.slice(7, 90), text.slice(90)];
    const { fetch } = fakeFetch(chunks);
    const events = await collect(requestSummary(DATA, false, { fetch }));
    expect(events.map((e) => e.kind)).toEqual(["head", "delta", "delta", "done"]);
    expect(events[3]).toMatchObject({
      kind: "done",
      model: "tiny-llm",
      citations: [1],
      grounded: true,
    });
  });

  it("reports a stream that ends without its terminal line as interrupted", async () => {
    const { fetch } = fakeFetch([lines(HEAD, { delta: "half an ans" })]);
    const events = await collect(requestSummary(DATA, false, { fetch }));
    expect(events.at(-1)).toEqual({ kind: "error", code: "interrupted", message: "" });
    expect(events.some((e) => e.kind === "done")).toBe(false);
  });

  it("reports a truncated terminal line as interrupted, not done", async () => {
    const { fetch } = fakeFetch([lines(HEAD, { delta: "x" }), '{"done": true, "mod']);
    const events = await collect(requestSummary(DATA, false, { fetch }));
    expect(events.at(-1)).toMatchObject({ kind: "error", code: "interrupted" });
  });

  it("passes a stream's error line through and stops there", async () => {
    const err = { error: { code: "idle_timeout", message: "LLM went quiet" } };
    const { fetch } = fakeFetch([lines(HEAD, { delta: "a" }, err, DONE)]);
    const events = await collect(requestSummary(DATA, false, { fetch }));
    expect(events.at(-1)).toEqual({
      kind: "error",
      code: "idle_timeout",
      message: "LLM went quiet",
    });
    expect(events.filter((e) => e.kind === "done")).toHaveLength(0);
  });

  it("reads the JSON error body of a pre-stream HTTP error", async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response(JSON.stringify({ error: { code: "bad_signature", message: "no" } }), {
          status: 403,
          headers: { "Content-Type": "application/json" },
        }),
    );
    expect(await collect(requestSummary(DATA, false, { fetch }))).toEqual([
      { kind: "error", code: "bad_signature", message: "no" },
    ]);
  });

  it.each([
    [429, "rate_limited"],
    [503, "busy"],
    [502, "llm_failed"],
    [400, "bad_request"],
  ])("maps HTTP %i without a JSON body to %s", async (status, code) => {
    const { fetch } = fakeFetch(() => new Response("<html>proxy error</html>", { status }));
    expect(await collect(requestSummary(DATA, false, { fetch }))).toEqual([
      { kind: "error", code, message: "" },
    ]);
  });

  it("reports a failed connection as network", async () => {
    const fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof globalThis.fetch;
    expect(await collect(requestSummary(DATA, false, { fetch }))).toEqual([
      { kind: "error", code: "network", message: "" },
    ]);
  });

  it("ends silently when the caller aborts, and aborts the request", async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch([
      lines(HEAD, { delta: "a" }),
      lines({ delta: "b" }),
      lines(DONE),
    ]);
    const events: SummaryEvent[] = [];
    for await (const ev of requestSummary(DATA, false, { fetch, signal: controller.signal })) {
      events.push(ev);
      if (ev.kind === "delta") controller.abort();
    }
    expect(events.map((e) => e.kind)).toEqual(["head", "delta"]);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  it("gives up with deadline after the client-side timeout", async () => {
    const never = new Promise<void>(() => undefined);
    const { fetch, calls } = fakeFetch([lines(HEAD), lines(DONE)], { gate: () => never });
    const events = await collect(requestSummary(DATA, false, { fetch, timeoutMs: 30 }));
    expect(events).toEqual([{ kind: "error", code: "deadline", message: "" }]);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });
});
