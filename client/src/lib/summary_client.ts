/**
 * POST /ai_summary (or a follow-up) and turn the response into typed events. Always ends with
 * exactly one terminal event (done or error) unless the caller aborted; never reports a cut
 * stream as done. Also POST /ai_summary/share.
 */
import { deadline } from "./deadline";
import { readNdjson } from "./ndjson";
import { isWebUrl, parseEvent, type SummaryData, type SummaryEvent } from "./protocol";

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

/** The first summary of a results page, from its signed evidence. */
export function requestSummary(
  data: SummaryData,
  fresh: boolean,
  opts: RequestOptions = {},
): AsyncGenerator<SummaryEvent> {
  const body = { query: data.evidence.query, evidence: data.raw, signature: data.signature, fresh };
  return streamEvents(opts.endpoint ?? "/ai_summary", body, opts);
}

/** A follow-up in a conversation: the server keeps the conversation, this sends only the question. */
export function requestFollowUp(
  conversation: string,
  question: string,
  turn: number,
  opts: RequestOptions = {},
): AsyncGenerator<SummaryEvent> {
  const body = { conversation, question, turn };
  return streamEvents(opts.endpoint ?? "/ai_summary/follow_up", body, opts);
}

export type ShareResult = { url: string } | { code: string; message: string };

/** A share link of the conversation so far, or the error code why not. */
export async function createShare(
  conversation: string,
  opts: Pick<RequestOptions, "fetch" | "timeoutMs"> = {},
): Promise<ShareResult> {
  const limit = deadline(opts.timeoutMs ?? 15_000);
  try {
    const resp = await (opts.fetch ?? fetch)("/ai_summary/share", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ conversation }),
      credentials: "same-origin",
      cache: "no-store",
      signal: limit.signal,
    });
    if (!resp.ok) return await errorFromResponse(resp);
    const value: unknown = await resp.json();
    const url =
      typeof value === "object" && value !== null ? (value as Record<string, unknown>).url : null;
    return typeof url === "string" && isWebUrl(url) ? { url } : failure("bad_request");
  } catch {
    return failure("network");
  } finally {
    limit.done();
  }
}

async function* streamEvents(
  endpoint: string,
  body: Record<string, unknown>,
  opts: RequestOptions,
): AsyncGenerator<SummaryEvent> {
  const limit = deadline(opts.timeoutMs ?? 240_000, opts.signal);
  const stopped = (): boolean => opts.signal?.aborted === true && !limit.timedOut();
  try {
    let resp: Response;
    try {
      resp = await (opts.fetch ?? fetch)(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        cache: "no-store",
        signal: limit.signal,
      });
    } catch {
      if (stopped()) return;
      yield failure(limit.timedOut() ? "deadline" : "network");
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
      yield failure(limit.timedOut() ? "deadline" : "interrupted");
      return;
    }
    if (stopped()) return;
    // The body ended without its terminal line: never shown as complete.
    yield failure(limit.timedOut() ? "deadline" : "interrupted");
  } finally {
    limit.done();
  }
}
