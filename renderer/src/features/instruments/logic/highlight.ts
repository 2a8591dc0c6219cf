/**
 * Splits a text into plain and matched parts for the words a user searched for, so that a
 * template can highlight them as text (never as HTML). The search matches words by their
 * start ("app" finds "Apple", not "Snapple"), so only occurrences that start a word are marked.
 */

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** True when `index` starts a word of `text` (first character, or after a non-word character). */
function startsWord(text: string, index: number): boolean {
  return index === 0 || !WORD_CHARACTER.test(text[index - 1] as string);
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** The distinct search words of a keyword string, longest first. */
export function searchWords(keywords: string): string[] {
  const words = keywords.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** The parts of `text`, with every case-insensitive occurrence of a search word at a word start marked. */
export function highlightParts(text: string, keywords: string): TextPart[] {
  const words = searchWords(keywords);
  if (words.length === 0 || text === '') return [{ text, match: false }];
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      if (startsWord(text, at)) marked.fill(true, at, at + word.length);
    }
  }
  const parts: TextPart[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const match = marked[index] as boolean;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += text[index];
    else parts.push({ text: text[index] as string, match });
  }
  return parts;
}
