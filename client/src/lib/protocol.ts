/**
 * The /ai_summary contract as types, and a validator turning raw NDJSON values into
 * typed events. Anything malformed is rejected here so the UI only sees checked data.
 */
import { parseSupport, type SupportMark } from "./support";

export interface Source {
  n: number;
  title: string;
  url: string;
  snippet: string;
  /** Passages read from the source's page that the model was given (the `passages` line). */
  passages?: string[];
}

export interface Evidence {
  v: number;
  query: string;
  lang: string;
  exp: number;
  sources: Source[];
}

/** The placeholder's JSON: the evidence the server chose and its signature. */
export interface SummaryData {
  evidence: Evidence;
  /** The evidence object exactly as the server sent it: that is what its signature covers. */
  raw: unknown;
  signature: string;
}

export type SummaryEvent =
  /** The head: the sources the answer may cite (the first line of an answer). */
  | { kind: "head"; sources: Source[]; model: string; cached: boolean }
  | { kind: "delta"; text: string }
  | { kind: "reading"; url: string; state: "started" | "ok" | "failed" | "skipped" }
  | { kind: "passages"; items: { n: number; text: string }[] }
  | {
      kind: "done";
      model: string;
      finishReason: string;
      citations: number[];
      invalidCitations: number[];
      cached: boolean;
      grounded: boolean;
      /** Per-sentence support, offsets in code points into the answer text. */
      support: SupportMark[];
      /** The detected language of the answer ("" when unknown). */
      answerLang: string;
      langMismatch: boolean;
      /** The model said the results do not answer the question. */
      unanswered: boolean;
    }
  | { kind: "error"; code: string; message: string }
  /** A follow-up's first line: what it searched for. */
  | { kind: "search"; query: string; rewritten: boolean }
  /** Up to three questions to offer as the next turn. */
  | { kind: "related"; questions: string[] }
  /** The conversation this answer is a turn of. */
  | { kind: "conversation"; id: string; turn: number; maxTurns: number; share: boolean };

type Json = Record<string, unknown>;

/** A conversation's (or a share's) id: 22 URL-safe characters. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{22}$/;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : fallback;
}

function ints(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
}

/** Keeps only well-formed sources with a positive integer n and an http(s) url. */
export function parseSources(v: unknown): Source[] {
  if (!Array.isArray(v)) return [];
  const out: Source[] = [];
  for (const s of v) {
    if (!isObject(s) || !Number.isInteger(s.n) || (s.n as number) < 1) continue;
    if (typeof s.url !== "string" || !isWebUrl(s.url)) continue;
    out.push({ n: s.n as number, title: str(s.title), url: s.url, snippet: str(s.snippet) });
  }
  return out;
}

export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Reads the placeholder payload; null when it is missing or malformed. */
export function parseSummaryData(v: unknown): SummaryData | null {
  if (!isObject(v) || !isObject(v.evidence) || typeof v.signature !== "string") return null;
  const e = v.evidence;
  if (typeof e.query !== "string") return null;
  const evidence: Evidence = {
    v: typeof e.v === "number" ? e.v : 1,
    query: e.query,
    lang: str(e.lang),
    exp: typeof e.exp === "number" ? e.exp : 0,
    sources: parseSources(e.sources),
  };
  return { evidence, raw: e, signature: v.signature };
}

/** Turns one NDJSON value into an event; null for lines this client does not know. */
export function parseEvent(v: unknown): SummaryEvent | null {
  if (!isObject(v)) return null;
  if (isObject(v.error)) {
    return { kind: "error", code: str(v.error.code, "llm_failed"), message: str(v.error.message) };
  }
  if (v.done === true) {
    return {
      kind: "done",
      model: str(v.model),
      finishReason: str(v.finish_reason),
      citations: ints(v.citations),
      invalidCitations: ints(v.invalid_citations),
      cached: v.cached === true,
      grounded: v.grounded !== false,
      support: parseSupport(v.support),
      answerLang: /^[a-z]{2,3}$/.test(str(v.answer_lang)) ? str(v.answer_lang) : "",
      langMismatch: v.lang_mismatch === true,
      unanswered: v.unanswered === true,
    };
  }
  if (typeof v.delta === "string") return { kind: "delta", text: v.delta };
  if (isObject(v.search) && typeof v.search.query === "string") {
    return { kind: "search", query: v.search.query, rewritten: v.search.rewritten === true };
  }
  if (Array.isArray(v.related)) {
    const questions = v.related.filter(
      (q): q is string => typeof q === "string" && q.trim() !== "",
    );
    return { kind: "related", questions: questions.slice(0, 3) };
  }
  if (isObject(v.conversation)) {
    const c = v.conversation;
    if (typeof c.id !== "string" || !CONVERSATION_ID.test(c.id)) return null;
    if (!Number.isInteger(c.turn) || !Number.isInteger(c.max_turns)) return null;
    return {
      kind: "conversation",
      id: c.id,
      turn: c.turn as number,
      maxTurns: c.max_turns as number,
      share: c.share === true,
    };
  }
  if (isObject(v.reading) && typeof v.reading.url === "string") {
    const state = str(v.reading.state);
    if (state === "started" || state === "ok" || state === "failed" || state === "skipped") {
      return { kind: "reading", url: v.reading.url, state };
    }
    return null;
  }
  if (Array.isArray(v.passages)) {
    const items = v.passages
      .filter((p): p is Json => isObject(p) && Number.isInteger(p.n) && typeof p.text === "string")
      .map((p) => ({ n: p.n as number, text: p.text as string }));
    return { kind: "passages", items };
  }
  if (Array.isArray(v.sources)) {
    return {
      kind: "head",
      sources: parseSources(v.sources),
      model: str(v.model),
      cached: v.cached === true,
    };
  }
  return null;
}
