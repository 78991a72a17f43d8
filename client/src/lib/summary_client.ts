/**
 * POST /ai_summary and turn the response into typed events. Always ends with exactly one
 * terminal event (done or error) unless the caller aborted; never reports a cut stream as done.
 */
import { readNdjson } from "./ndjson";
import { parseEvent, type SummaryData, type SummaryEvent } from "./protocol";

export interface RequestOptions {
  /** Abort from the caller (the Stop button): the generator then ends without an event. */
  signal?: AbortSignal;
  /** Overall client-side limit; a little above the server's own total deadline. */
  timeoutMs?: number;
  endpoint?: string;
  fetch?: typeof fetch;
}

const STATUS_CODES: Readonly<Record<number, string>> = {
  400: "bad_request",
  403: "forbidden",
  404: "not_configured",
  413: "bad_request",
  415: "bad_request",
  429: "rate_limited",
  503: "busy",
};

type Terminal = Extract<SummaryEvent, { kind: "error" }>;

function failure(code: string, message = ""): Terminal {
  return { kind: "error", code, message };
}

/** Reads `{"error": {"code", "message"}}` from a non-2xx answer, else maps the status. */
async function errorFromResponse(resp: Response): Promise<Terminal> {
  try {
    const ev = parseEvent(await resp.json());
    if (ev?.kind === "error") return ev;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status code.
  }
  return failure(STATUS_CODES[resp.status] ?? (resp.status >= 500 ? "llm_failed" : "bad_request"));
}

export async function* requestSummary(
  data: SummaryData,
  fresh: boolean,
  opts: RequestOptions = {},
): AsyncGenerator<SummaryEvent> {
  const controller = new AbortController();
  let timedOut = false;
  const userAbort = (): void => controller.abort();
  opts.signal?.addEventListener("abort", userAbort, { once: true });
  if (opts.signal?.aborted) controller.abort();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? 240_000);
  const stopped = (): boolean => opts.signal?.aborted === true && !timedOut;
  try {
    let resp: Response;
    try {
      resp = await (opts.fetch ?? fetch)(opts.endpoint ?? "/ai_summary", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
        body: JSON.stringify({
          query: data.evidence.query,
          evidence: data.raw,
          signature: data.signature,
          fresh,
        }),
        credentials: "same-origin",
        cache: "no-store",
        signal: controller.signal,
      });
    } catch {
      if (stopped()) return;
      yield failure(timedOut ? "deadline" : "network");
      return;
    }
    if (!resp.ok) {
      yield await errorFromResponse(resp);
      return;
    }
    if (!resp.body) {
      yield failure("interrupted");
      return;
    }
    try {
      for await (const value of readNdjson(resp.body)) {
        const ev = parseEvent(value);
        if (!ev) continue;
        yield ev;
        // Exactly one terminal line: anything after it is ignored.
        if (ev.kind === "done" || ev.kind === "error") return;
      }
    } catch {
      if (stopped()) return;
      yield failure(timedOut ? "deadline" : "interrupted");
      return;
    }
    if (stopped()) return;
    // The body ended without its terminal line: never shown as complete.
    yield failure(timedOut ? "deadline" : "interrupted");
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", userAbort);
    controller.abort();
  }
}
