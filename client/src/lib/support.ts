/**
 * Sentence support marks: the server's `support` spans (code points into the answer source)
 * mapped onto the rendered answer's text nodes, so flagged sentences can be wrapped in place.
 * Pure DOM work with createElement/createTextNode only.
 */

export type SupportState = "supported" | "weak" | "uncited" | "framing";

/** How a weak sentence's cited source says the opposite ("" when it does not, or says nothing). */
export type SupportReason =
  | ""
  | "negation"
  | "antonym"
  | "comparison"
  | "role"
  | "quantifier"
  | "modality";

export interface SupportMark {
  start: number;
  end: number;
  state: SupportState;
  citations: number[];
  score: number;
  reason: SupportReason;
}

const STATES: readonly SupportState[] = ["supported", "weak", "uncited", "framing"];
const REASONS: readonly SupportReason[] = [
  "negation",
  "antonym",
  "comparison",
  "role",
  "quantifier",
  "modality",
];

/** Keeps only well-formed marks, in order and not overlapping. */
export function parseSupport(v: unknown): SupportMark[] {
  if (!Array.isArray(v)) return [];
  const out: SupportMark[] = [];
  let last = 0;
  for (const m of v) {
    if (typeof m !== "object" || m === null) continue;
    const r = m as Record<string, unknown>;
    const { start, end, state, score, reason } = r;
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    if (typeof state !== "string" || !STATES.includes(state as SupportState)) continue;
    if ((start as number) < last || (end as number) <= (start as number)) continue;
    const citations = Array.isArray(r.citations)
      ? r.citations.filter((x): x is number => Number.isInteger(x))
      : [];
    out.push({
      start: start as number,
      end: end as number,
      state: state as SupportState,
      citations,
      score: typeof score === "number" ? score : 0,
      reason: REASONS.includes(reason as SupportReason) ? (reason as SupportReason) : "",
    });
    last = end as number;
  }
  return out;
}

export function isFlagged(m: SupportMark): boolean {
  return m.state === "weak" || m.state === "uncited";
}

/** More than half of the checked text (all but framing) is weak or uncited. */
export function mostlyUnsupported(marks: readonly SupportMark[]): boolean {
  let flagged = 0;
  let total = 0;
  for (const m of marks) {
    if (m.state === "framing") continue;
    total += m.end - m.start;
    if (isFlagged(m)) flagged += m.end - m.start;
  }
  return total > 0 && flagged * 2 > total;
}

/** UTF-16 index of each code-point offset 0..n of `text` (the server counts code points). */
function codePointIndex(text: string): number[] {
  const index: number[] = [];
  let i = 0;
  for (const ch of text) {
    index.push(i);
    i += ch.length;
  }
  index.push(i);
  return index;
}

interface TextPiece {
  node: Text;
  from: number; // offset of the node's first unit in the joined rendered text
}

function textPieces(root: Node): { pieces: TextPiece[]; joined: string } {
  const pieces: TextPiece[] = [];
  let joined = "";
  const walker = root.ownerDocument?.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  let node = walker?.nextNode() ?? null;
  while (node) {
    pieces.push({ node: node as Text, from: joined.length });
    joined += (node as Text).data;
    node = walker?.nextNode() ?? null;
  }
  return { pieces, joined };
}

/**
 * For each UTF-16 position of the answer source, its position in the rendered text, or -1
 * where the character is markup the renderer dropped. Greedy alignment: the rendered text is
 * the source minus Markdown syntax, with whitespace collapsed or turned into line breaks.
 */
function align(source: string, rendered: string): Int32Array {
  const map = new Int32Array(source.length).fill(-1);
  let j = 0;
  for (let i = 0; i < source.length && j <= rendered.length; i++) {
    const c = source[i] ?? "";
    if (j < rendered.length && rendered[j] === c) {
      map[i] = j++;
    } else if (/\s/.test(c)) {
      while (j < rendered.length && /\s/.test(rendered[j] ?? "") && rendered[j] !== c) j++;
    }
  }
  return map;
}

/**
 * Wraps each flagged sentence's rendered text in `<span class="ai-flag" data-state=…>`
 * (one span per text node it crosses). `decorate` adds the tooltip and screen-reader text
 * to the last span of each sentence. Returns the number of sentences marked.
 */
export function markSentences(
  answer: HTMLElement,
  source: string,
  marks: readonly SupportMark[],
  decorate: (span: HTMLElement, mark: SupportMark, last: boolean) => void,
): number {
  const flagged = marks.filter(isFlagged);
  if (flagged.length === 0) return 0;
  const doc = answer.ownerDocument;
  const cp = codePointIndex(source);
  const { pieces, joined } = textPieces(answer);
  const map = align(source, joined);
  let count = 0;
  // From the end, so earlier nodes and offsets stay valid while later ones are split.
  for (const mark of [...flagged].reverse()) {
    const from = cp[Math.min(mark.start, cp.length - 1)] ?? 0;
    const to = cp[Math.min(mark.end, cp.length - 1)] ?? source.length;
    let a = -1;
    let b = -1;
    for (let i = from; i < to; i++) {
      const at = map[i] ?? -1;
      if (at < 0) continue;
      if (a < 0) a = at;
      b = at + 1;
    }
    if (a < 0 || b <= a) continue;
    const spans: HTMLElement[] = [];
    for (const piece of [...pieces].reverse()) {
      const start = Math.max(a, piece.from) - piece.from;
      const end = Math.min(b, piece.from + piece.node.data.length) - piece.from;
      if (end <= start) continue;
      if (piece.node.parentElement?.closest(".ai-flag")) continue;
      let target = piece.node;
      if (end < target.data.length) target.splitText(end);
      if (start > 0) target = target.splitText(start);
      const span = doc.createElement("span");
      span.className = "ai-flag";
      span.dataset.state = mark.state;
      span.dataset.mark = String(mark.start); // the spans of one sentence share it
      if (mark.reason) span.dataset.reason = mark.reason;
      target.replaceWith(span);
      span.append(target);
      spans.unshift(span);
    }
    spans.forEach((span, i) => {
      decorate(span, mark, i === spans.length - 1);
    });
    if (spans.length > 0) count++;
    // The pieces changed: re-read them for the next (earlier) sentence.
    const again = textPieces(answer);
    pieces.splice(0, pieces.length, ...again.pieces);
  }
  return count;
}
