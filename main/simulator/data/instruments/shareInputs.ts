/**
 * The generated listings' draws as one message between threads. The worker of a two-lane
 * generation draws the listings anyway (it lists them for the corporate action events), so it
 * hands them to the main thread, which then only writes them (2 s less on the main thread at
 * the large scale). Columns rather than objects: a structured clone of 270,000 objects costs
 * the receiving thread 0.5 s, these columns 0.2 s.
 */
import type { ShareAssetType, ShareInput } from './equities';

/** The listings as columns: numbers five per listing, texts six per listing joined by NUL. */
export interface DrawnShares {
  numbers: Float64Array;
  texts: string;
}

const NUMBERS = 5;
const TEXTS = 6;
/** Never part of a name, ticker, ISIN or code. */
const SEPARATOR = '\u0000';
const TRADABLE = 1;
const WITH_CFD = 2;

export function encodeShareInputs(inputs: readonly ShareInput[]): DrawnShares {
  const numbers = new Float64Array(inputs.length * NUMBERS);
  const texts: string[] = [];
  inputs.forEach((input, index) => {
    const at = index * NUMBERS;
    numbers[at] = input.uic;
    numbers[at + 1] = input.price;
    numbers[at + 2] = input.lot;
    numbers[at + 3] = input.primaryListing;
    numbers[at + 4] = (input.isTradable ? TRADABLE : 0) | (input.withCfd ? WITH_CFD : 0);
    for (const text of [input.assetType, input.ticker, input.name, input.mic, input.currency, input.isin]) {
      if (text.includes(SEPARATOR)) throw new Error(`A listing's text holds a NUL: ${JSON.stringify(text)}`);
      texts.push(text);
    }
  });
  return { numbers, texts: texts.join(SEPARATOR) };
}

export function decodeShareInputs({ numbers, texts }: DrawnShares): ShareInput[] {
  const count = numbers.length / NUMBERS;
  const columns = count === 0 ? [] : texts.split(SEPARATOR);
  if (!Number.isInteger(count) || columns.length !== count * TEXTS)
    throw new Error(`Drawn listings do not add up: ${numbers.length} numbers, ${columns.length} texts`);
  const inputs: ShareInput[] = [];
  for (let index = 0; index < count; index++) {
    const at = index * NUMBERS;
    const text = index * TEXTS;
    const flags = numbers[at + 4]!;
    inputs.push({
      uic: numbers[at]!,
      assetType: columns[text] as ShareAssetType,
      ticker: columns[text + 1]!,
      name: columns[text + 2]!,
      mic: columns[text + 3]!,
      currency: columns[text + 4]!,
      isin: columns[text + 5]!,
      price: numbers[at + 1]!,
      lot: numbers[at + 2]!,
      primaryListing: numbers[at + 3]!,
      isTradable: (flags & TRADABLE) !== 0,
      withCfd: (flags & WITH_CFD) !== 0,
    });
  }
  return inputs;
}
