/**
 * The "is this query a question?" rule of the "Only questions" summary mode: a question
 * mark, or a question word of the UI language at the start (en, de, fr, es, it, nl, pt).
 */

/**
 * Words (or two-word openings) that start a question, per primary language subtag;
 * "|" separates them. A trailing apostrophe matches an elided form ("qu'est-ce").
 */
const QUESTION_STARTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries({
    en: "what|what's|whats|who|who's|whom|whose|which|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|has|have|isn't|aren't|don't|doesn't|didn't|can't",
    de: "was|wer|wen|wem|wessen|wann|wo|woher|wohin|warum|weshalb|wieso|weswegen|wie|wieviel|wieviele|welche|welcher|welches|welchen|welchem|ist|sind|war|kann|können|gibt|hat|haben|soll|sollte|darf|muss|wird|werden",
    fr: "qui|que|quoi|quel|quelle|quels|quelles|quand|où|ou est|pourquoi|comment|combien|lequel|laquelle|lesquels|lesquelles|est-ce|qu'|est-il|est-elle|peut-on|faut-il|y a-t-il",
    es: "qué|que|quién|quien|quiénes|quienes|cuál|cual|cuáles|cuales|cuándo|cuando|dónde|donde|adónde|adonde|por qué|por que|porqué|cómo|como|cuánto|cuanto|cuánta|cuántos|cuantos|cuántas|cuantas|es|son|puedo|se puede|hay",
    it: "chi|che|cosa|cos'|quale|quali|qual|quando|dove|perché|perche|come|quanto|quanta|quanti|quante|è|sono|si può|posso",
    nl: "wat|wie|wiens|welk|welke|wanneer|waar|waarom|waarvoor|hoe|hoeveel|is|zijn|kan|kunnen|heeft|hebben|moet|wordt|mag",
    pt: "que|quê|o que|o quê|quem|qual|quais|quando|onde|aonde|porque|porquê|por que|por quê|como|quanto|quanta|quantos|quantas|é|são|pode|posso|existe",
  }).map(([lang, words]) => [lang, words.split("|")]),
);

/**
 * True when the query ends with a question mark or starts with a question word of the UI
 * language (English words are always accepted too: many people search in English anyway).
 */
export function isQuestion(query: string, lang: string): boolean {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/[\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ");
  if (q === "") return false;
  if (/[?？]$/.test(q) || q.startsWith("¿")) return true;
  const primary = lang.toLowerCase().split(/[-_]/)[0] ?? "en";
  const starts = [...(QUESTION_STARTS[primary] ?? []), ...(QUESTION_STARTS.en ?? [])];
  return starts.some((w) => q === w || q.startsWith(w.endsWith("'") ? w : `${w} `));
}
