import { describe, expect, it } from "vitest";
import { SummaryView } from "../src/features/summary/summary_view";
import { I18n } from "../src/lib/i18n";
import { MAX_RENDERED_CHARS } from "../src/lib/markdown";

function view(): SummaryView {
  const root = document.createElement("section");
  document.body.replaceChildren(root);
  return new SummaryView(root, new I18n("en", {}), () => {});
}

const noCite = (): null => null;

describe("the streamed answer's rendering", () => {
  it("renders finished blocks once: later frames keep their nodes", () => {
    const v = view();
    v.renderAnswer("First **para**.\n\nSecond", noCite);
    const first = v.answer.firstElementChild;
    const second = v.answer.children[1];
    v.renderAnswer("First **para**.\n\nSecond grows", noCite);
    expect(v.answer.firstElementChild).toBe(first); // final: not rendered again
    expect(v.answer.children[1]).not.toBe(second); // the open block changed
    v.renderAnswer("First **para**.\n\nSecond grows\n\n- item", noCite);
    expect(v.answer.firstElementChild).toBe(first);
    expect(v.answer.innerHTML).toBe(
      "<p>First <strong>para</strong>.</p><p>Second grows</p><ul><li>item</li></ul>",
    );
  });

  it("starts over after clearAnswer", () => {
    const v = view();
    v.renderAnswer("Old answer.\n\nMore", noCite);
    v.clearAnswer();
    v.renderAnswer("New", noCite);
    expect(v.answer.innerHTML).toBe("<p>New</p>");
    v.renderAnswer("Another answer.\n\nLonger", noCite);
    v.renderAnswer("Short", noCite); // shorter without clearAnswer: another answer too
    expect(v.answer.innerHTML).toBe("<p>Short</p>");
  });

  it("cuts an endless answer at MAX_RENDERED_CHARS, once", () => {
    const v = view();
    let text = "";
    for (let i = 0; i < 60; i++) {
      text += `${"word ".repeat(100)}\n\n`;
      v.renderAnswer(text, noCite);
    }
    expect(v.answer.textContent?.length).toBeLessThanOrEqual(MAX_RENDERED_CHARS + 1);
    expect(v.answer.querySelectorAll(".md-truncated").length).toBe(1);
    expect(v.answer.lastElementChild?.className).toBe("md-truncated");
  });
});
