// Guards the rule "never innerHTML": no HTML-parsing sink or eval anywhere in the client.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");
const SINKS =
  /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|srcdoc|eval|new Function|createContextualFragment|DOMParser|setAttribute\(\s*["']on|setAttribute\(\s*["']style)\b/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe("client sources", () => {
  const all = files(SRC).filter((f) => f.endsWith(".ts"));

  it("exist", () => {
    expect(all.length).toBeGreaterThan(5);
  });

  it.each(all)("%s uses no HTML-parsing sink or eval", (file) => {
    let text = readFileSync(file, "utf8");
    // Infinite scroll parses this site's own next results page inert and keeps only its
    // result items, without scripts or handler attributes (test/infinite_scroll.test.ts):
    // what a page load shows, never model output or a string made here.
    if (file.endsWith(join("features", "infinite_scroll.ts")))
      text = text.replace("new DOMParser()", "");
    expect(text).not.toMatch(SINKS);
  });
});
