import { describe, expect, it } from "vitest";
import { NdjsonDecoder, NdjsonError, readNdjson } from "../src/lib/ndjson";

const LINES = [
  { v: 1, sources: [{ n: 1, title: "Zürich – Übersicht", url: "https://example.org/z" }] },
  { delta: "Grüße aus Köln, 東京 and 🦊🧪 " },
  { delta: "é\u0301 naïve — “quotes” \u2028 line sep" },
  { done: true, model: "m", finish_reason: "stop", citations: [1] },
];
const TEXT = `${LINES.map((l) => JSON.stringify(l)).join("\n")}\n`;
const BYTES = new TextEncoder().encode(TEXT);

function decodeChunks(chunks: Uint8Array[]): unknown[] {
  const d = new NdjsonDecoder();
  const out: unknown[] = [];
  for (const c of chunks) out.push(...d.push(c));
  out.push(...d.end());
  return out;
}

describe("NdjsonDecoder", () => {
  it("the input really has multi-byte characters to split", () => {
    expect(BYTES.length).toBeGreaterThan(TEXT.length);
  });

  it("decodes the whole input in one chunk", () => {
    expect(decodeChunks([BYTES])).toEqual(LINES);
  });

  it("decodes input split in two at every byte boundary", () => {
    for (let i = 0; i <= BYTES.length; i++) {
      expect(decodeChunks([BYTES.slice(0, i), BYTES.slice(i)]), `split at ${i}`).toEqual(LINES);
    }
  });

  it("decodes input split in three at every pair of byte boundaries", () => {
    for (let i = 0; i <= BYTES.length; i += 1) {
      for (let j = i; j <= BYTES.length; j += 3) {
        const chunks = [BYTES.slice(0, i), BYTES.slice(i, j), BYTES.slice(j)];
        expect(decodeChunks(chunks), `split at ${i},${j}`).toEqual(LINES);
      }
    }
  });

  it("decodes input fed one byte at a time", () => {
    expect(decodeChunks([...BYTES].map((b) => Uint8Array.of(b)))).toEqual(LINES);
  });

  it("emits a line as soon as its newline arrives, not before", () => {
    const d = new NdjsonDecoder();
    const first = new TextEncoder().encode('{"delta":"a"}\n{"delta":"b');
    expect(d.push(first)).toEqual([{ delta: "a" }]);
    expect(d.push(new TextEncoder().encode('"}'))).toEqual([]);
    expect(d.push(new TextEncoder().encode("\n"))).toEqual([{ delta: "b" }]);
  });

  it("accepts CRLF line ends and skips blank lines", () => {
    const bytes = new TextEncoder().encode('{"a":1}\r\n\r\n\n{"b":2}\r\n');
    expect(decodeChunks([bytes])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("accepts a complete last line without its newline", () => {
    expect(decodeChunks([new TextEncoder().encode('{"a":1}\n{"done":true}')])).toEqual([
      { a: 1 },
      { done: true },
    ]);
  });

  it("rejects a truncated last line", () => {
    const d = new NdjsonDecoder();
    d.push(new TextEncoder().encode('{"a":1}\n{"done":tr'));
    expect(() => d.end()).toThrow(NdjsonError);
  });

  it("rejects a line that is not JSON", () => {
    const d = new NdjsonDecoder();
    expect(() => d.push(new TextEncoder().encode("<html>oops</html>\n"))).toThrow(NdjsonError);
  });

  it("replaces invalid UTF-8 instead of failing", () => {
    const bytes = Uint8Array.of(...new TextEncoder().encode('{"delta":"'), 0xff, 0x22, 0x7d, 0x0a);
    expect(decodeChunks([bytes])).toEqual([{ delta: "\ufffd" }]);
  });
});

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

describe("readNdjson", () => {
  it("reads a byte stream split inside multi-byte characters", async () => {
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < BYTES.length; i += 5) chunks.push(BYTES.slice(i, i + 5));
    const out: unknown[] = [];
    for await (const v of readNdjson(streamOf(chunks))) out.push(v);
    expect(out).toEqual(LINES);
  });

  it("cancels the underlying stream when the consumer stops early", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('{"delta":"x"}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const v of readNdjson(stream)) {
      expect(v).toEqual({ delta: "x" });
      break;
    }
    expect(cancelled).toBe(true);
  });
});
