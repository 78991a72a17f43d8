import { describe, expect, it } from "vitest";
import { isQuestion } from "../src/lib/questions";

describe("isQuestion", () => {
  it.each([
    ["how tall is the eiffel tower", "en"],
    ["What's new in python", "en"],
    ["paris population?", "en"],
    ["capital of peru？", "en"],
    ["wie hoch ist die zugspitze", "de"],
    ["Warum ist der Himmel blau", "de-CH"],
    ["qu'est-ce que le RGPD", "fr"],
    ["qu’est-ce qu’un atome", "fr-FR"],
    ["pourquoi le ciel est bleu", "fr"],
    ["¿Cuál es la capital de Perú", "es"],
    ["como hacer pan", "es"],
    ["por qué el cielo es azul", "es"],
    ["perché il cielo è blu", "it"],
    ["cos’è la fotosintesi", "it"],
    ["hoe laat is het in tokio", "nl"],
    ["o que é fotossíntese", "pt-BR"],
    ["quanto custa um carro", "pt"],
    ["how to bake bread", "de"],
    ["jak upiec chleb", "pl"],
    ["почему небо голубое", "ru"],
    ["скільки коштує квиток", "uk"],
    ["كيف أخبز الخبز", "ar"],
    ["ما هو ألفا؟", "ar"],
    ["埃菲尔铁塔有多高", "zh-CN"],
    ["北京天气怎么样", "zh"],
    ["東京タワーの高さは何メートルですか", "ja"],
  ])("%s (%s) is a question", (query, lang) => {
    expect(isQuestion(query, lang)).toBe(true);
  });

  it.each([
    ["eiffel tower height", "en"],
    ["whatsapp web", "en"],
    ["howto", "en"],
    ["wikipedia", "de"],
    ["wiesbaden wetter", "de"],
    ["quebec city", "fr"],
    ["comedy clubs", "es"],
    ["", "en"],
    ["   ", "en"],
    ["what?ever", "xx"],
    ["chleb żytni", "pl"],
    ["погода москва", "ru"],
    ["مطاعم القاهرة", "ar"],
    ["北京天气", "zh-CN"],
    ["東京タワー", "ja"],
  ])("%s (%s) is not a question", (query, lang) => {
    // "what?ever" starts with "what" but not followed by a space and has no final "?".
    expect(isQuestion(query, lang)).toBe(false);
  });

  it("uses the UI language's words", () => {
    expect(isQuestion("waarom regent het", "nl")).toBe(true);
    expect(isQuestion("waarom regent het", "en")).toBe(false);
  });
});
