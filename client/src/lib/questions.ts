/**
 * The "is this query a question?" rule of the "Only questions" summary mode: a question
 * mark (also Arabic and full-width ones), a question word of the UI language at the start
 * (en, de, fr, es, it, nl, pt, pl, ru, uk, ar), or for Chinese and Japanese, which do not
 * separate words, a question word anywhere or a final question particle.
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
    pl: "co|kto|kogo|komu|kim|czym|jaki|jaka|jakie|jakich|jak|kiedy|gdzie|skąd|dokąd|dlaczego|czemu|po co|ile|czy|który|która|które",
    ru: "что|кто|кого|кому|какой|какая|какое|какие|каков|когда|где|куда|откуда|почему|зачем|как|сколько|чей|чья|чьё|чьи|можно|есть ли|нужно ли",
    uk: "що|хто|кого|кому|який|яка|яке|які|коли|де|куди|звідки|чому|навіщо|як|скільки|чий|чия|чиє|чиї|чи|можна",
    ar: "ما|ماذا|من هو|من هي|متى|أين|اين|لماذا|كيف|كم|هل|أي|اي",
  }).map(([lang, words]) => [lang, words.split("|")]),
);

/** Chinese and Japanese: a question word anywhere, or a question particle at the end. */
const QUESTION_INSIDE: Readonly<Record<string, RegExp>> = {
  zh: /什么|怎么|怎样|为什么|如何|哪里|哪个|哪些|谁|多少|有多|多久|几点|[吗呢]$/,
  ja: /何|なに|なぜ|どう|どこ|いつ|誰|だれ|どれ|どの|いくら|か$/,
};

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
  if (/[?？؟]$/.test(q) || q.startsWith("¿")) return true;
  const primary = lang.toLowerCase().split(/[-_]/)[0] ?? "en";
  if (QUESTION_INSIDE[primary]?.test(q)) return true;
  const starts = [...(QUESTION_STARTS[primary] ?? []), ...(QUESTION_STARTS.en ?? [])];
  return starts.some((w) => q === w || q.startsWith(w.endsWith("'") ? w : `${w} `));
}
