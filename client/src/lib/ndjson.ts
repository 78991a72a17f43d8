/**
 * NDJSON decoding: bytes in, parsed JSON values out. Lines may be split anywhere,
 * including inside a multi-byte UTF-8 character, so decoding is streaming and stateful.
 */

/** A line that is not valid JSON: the stream is broken and must not be trusted further. */
export class NdjsonError extends Error {
  override name = "NdjsonError";
}

/** Pure incremental decoder: push byte chunks, get back every complete JSON line. */
export class NdjsonDecoder {
  private readonly text = new TextDecoder("utf-8");
  private buffer = "";

  push(chunk: Uint8Array): unknown[] {
    this.buffer += this.text.decode(chunk, { stream: true });
    const out: unknown[] = [];
    let newline = this.buffer.indexOf("\n");
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      pushLine(line, out);
      newline = this.buffer.indexOf("\n");
    }
    return out;
  }

  /** Flush at end of input: a last line without its newline still counts if it parses. */
  end(): unknown[] {
    this.buffer += this.text.decode();
    const rest = this.buffer;
    this.buffer = "";
    const out: unknown[] = [];
    pushLine(rest, out);
    return out;
  }
}

function pushLine(raw: string, out: unknown[]): void {
  const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (line.trim() === "") return;
  try {
    out.push(JSON.parse(line));
  } catch (err) {
    throw new NdjsonError(`invalid NDJSON line (${line.length} chars)`, { cause: err });
  }
}

/** Reads a byte stream to its end, yielding each JSON line as soon as it is complete. */
export async function* readNdjson(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = stream.getReader();
  const decoder = new NdjsonDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* decoder.push(value);
    }
    yield* decoder.end();
  } finally {
    // Cancelling tells fetch to close the connection when the consumer stops early.
    reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
