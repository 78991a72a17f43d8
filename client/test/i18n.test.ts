import { describe, expect, it } from "vitest";
import { I18n } from "../src/lib/i18n";

describe("I18n.basis", () => {
  const russian = new I18n("ru", {
    basis_one: "На основе {n} фрагмента",
    basis_few: "На основе {n} фрагментов (few)",
    basis_many: "На основе {n} фрагментов (many)",
    basis_other: "На основе {n} фрагментов (other)",
  });

  it.each([
    [1, "На основе 1 фрагмента"],
    [21, "На основе 21 фрагмента"],
    [3, "На основе 3 фрагментов (few)"],
    [24, "На основе 24 фрагментов (few)"],
    [5, "На основе 5 фрагментов (many)"],
    [11, "На основе 11 фрагментов (many)"],
  ])("takes the form of the language's plural category for %i", (n, text) => {
    expect(russian.basis(n)).toBe(text);
  });

  it("uses Arabic's dual", () => {
    const arabic = new I18n("ar", { basis_two: "{n} مقتطفين", basis_other: "{n} مقتطف" });
    expect(arabic.basis(2)).toBe("2 مقتطفين");
    expect(arabic.basis(100)).toBe("100 مقتطف");
  });

  it("falls back to the other form, then to English", () => {
    expect(new I18n("pl", { basis_other: "{n} fragmentów" }).basis(3)).toBe("3 fragmentów");
    expect(new I18n("en").basis(1)).toBe("Based on 1 search snippet");
    expect(new I18n("en").basis(3)).toBe("Based on 3 search snippets");
    expect(new I18n("not a tag").basis(2)).toBe("Based on 2 search snippets");
  });
});

describe("I18n.count", () => {
  const polish = new I18n("pl", {
    basis_pages_one: "Na podstawie {n} strony",
    basis_pages_few: "Na podstawie {n} stron",
    basis_pages_many: "Na podstawie {n} stron",
    snippets_one: "{n} fragmentu",
    snippets_few: "{n} fragmentów",
    snippets_many: "{n} fragmentów",
    basis_mixed: "{pages} i {snippets}",
    reading_one: "Czytanie {n} strony…",
    reading_few: "Czytanie {n} stron…",
  });

  it("gives every string that counts the language's forms", () => {
    expect(polish.basisRead(1, 0)).toBe("Na podstawie 1 strony");
    expect(polish.basisRead(3, 1)).toBe("Na podstawie 3 stron i 1 fragmentu");
    expect(polish.basisRead(5, 22)).toBe("Na podstawie 5 stron i 22 fragmentów");
    expect(polish.reading(1)).toBe("Czytanie 1 strony…");
    expect(polish.reading(4)).toBe("Czytanie 4 stron…");
    expect(polish.reading(5)).toBe("Reading 5 pages…"); // no "many" form sent: English
  });
});
