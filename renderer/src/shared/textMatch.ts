/**
 * How the desk matches what a trader types against names: case and accents ignored (`sao tome`
 * finds São Tomé), letters that carry no accent mark but are written differently read as their
 * base letter (`oslo bors` finds Oslo Børs), and German umlauts also as they are spelt without
 * them (`boerse` finds Börse, as `borse` does). Every word typed must appear.
 */

/** Letters Unicode does not decompose into a base letter and a mark. */
const BASE_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th', ð: 'd',
};
/** Umlauts as German writes them without the dots (Börse → Boerse), and ø/å as Danes and Norwegians do. */
const SPELT_OUT: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ø: 'oe', å: 'aa' };

/** Lower case without accents (NFD, combining marks removed, ø → o, ß → ss…). */
export function folded(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øłđßæœıþð]/g, (letter) => BASE_LETTERS[letter] ?? letter);
}

/** The ways `text` may be typed: folded, and with umlauts spelt out, each folded. */
export function spellings(text: string): string[] {
  const lower = text.toLowerCase().normalize('NFC');
  const spelt = lower.replace(/[äöüøå]/g, (letter) => SPELT_OUT[letter] ?? letter);
  const forms = [folded(lower)];
  if (spelt !== lower) forms.push(folded(spelt));
  return forms;
}

/** The words typed, folded (none for blank text). */
export function typedWords(typed: string): string[] {
  return folded(typed).split(/\s+/).filter(Boolean);
}

/** True when every word of `typed` appears in one of the spellings of `values` joined. */
export function matchesEveryWord(values: readonly unknown[], typed: string): boolean {
  const words = typedWords(typed);
  if (words.length === 0) return true;
  const text = values.filter((value) => value !== undefined && value !== null).join(' ');
  const forms = spellings(text);
  return words.every((word) => forms.some((form) => form.includes(word)));
}
