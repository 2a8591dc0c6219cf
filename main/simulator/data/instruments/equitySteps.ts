/**
 * Generation steps for shares, ETFs, ETCs and stock indices: first the well-known listings of
 * universe-facts §6 (same uics at every scale), then generated ones sized by the scale.
 */
import { RankCounter, SEARCH_TIER, UIC_BLOCKS, UicAllocator } from './allocator';
import {
  indexCfdRow,
  indexRow,
  listedShareRows,
  shareRows,
  type ShareAssetType,
  type ShareInput,
} from './equities';
import { uniqueIsin } from './isin';
import { WELL_KNOWN_ETFS, WELL_KNOWN_INDICES, WELL_KNOWN_STOCKS } from './listings';
import { companyName, nameStem, SECTORS, tickerFor } from './names';
import { InstrumentWriter } from './schema';
import { decodeShareInputs, encodeShareInputs, type DrawnShares } from './shareInputs';
import { REFERENCE_SIZES } from './sizes';
import { countryOf } from '../reference/venues';
import type { GenerationContext, GenerationStep } from '../universe';
import { progressCounter } from '../universeProgress';

/** The platform's uic of Apple, the instrument every sample uses. */
export const APPLE_UIC = 211;

export const wellKnownEquitiesStep: GenerationStep = {
  name: 'reference:well-known-equities',
  run({ db }) {
    const writer = new InstrumentWriter(db);
    const uics = new UicAllocator(db, UIC_BLOCKS.wellKnownEquities);
    const ranks = {
      share: new RankCounter(db, SEARCH_TIER.wellKnown),
      cfd: new RankCounter(db, SEARCH_TIER.cfds),
    };

    for (const index of WELL_KNOWN_INDICES) {
      const uic = uics.take();
      writer.write(indexRow({ uic, ...index }, ranks.share.take()));
      if (index.cfd) {
        writer.write(
          indexCfdRow(
            {
              uic: uics.take(),
              symbol: index.cfd.symbol,
              name: index.cfd.name,
              currency: index.currency,
              indexMic: index.mic,
              level: index.level,
              indexUic: uic,
            },
            ranks.cfd.take(),
          ),
        );
      }
    }

    const primaryByIsin = new Map<string, number>();
    const listings: [ShareAssetType, (typeof WELL_KNOWN_STOCKS)[number]][] = [
      ...WELL_KNOWN_STOCKS.map(
        (fact) => ['Stock', fact] as [ShareAssetType, (typeof WELL_KNOWN_STOCKS)[number]],
      ),
      ...WELL_KNOWN_ETFS.map((fact) => ['Etf', fact] as [ShareAssetType, (typeof WELL_KNOWN_STOCKS)[number]]),
    ];
    for (const [assetType, fact] of listings) {
      const uic = fact.symbol === 'AAPL' ? APPLE_UIC : uics.take();
      const primaryListing = primaryByIsin.get(fact.isin) ?? uic;
      primaryByIsin.set(fact.isin, primaryListing);
      for (const row of shareRows(
        {
          uic,
          assetType,
          ticker: fact.symbol,
          name: fact.name,
          mic: fact.mic,
          currency: fact.currency,
          isin: fact.isin,
          price: fact.price,
          lot: fact.lot ?? 1,
          primaryListing,
          isTradable: true,
          withCfd: true,
        },
        ranks,
      )) {
        writer.write(row);
      }
    }
  },
};

/** Where generated shares list, weighted roughly by market size. */
const GENERATED_MICS: readonly [string, string, number][] = [
  ['XNAS', 'USD', 22],
  ['XNYS', 'USD', 18],
  ['XTSE', 'CAD', 4],
  ['XLON', 'GBX', 7],
  ['XETR', 'EUR', 5],
  ['XPAR', 'EUR', 4],
  ['XAMS', 'EUR', 2],
  ['XBRU', 'EUR', 1],
  ['XMIL', 'EUR', 2],
  ['XMAD', 'EUR', 2],
  ['XSWX', 'CHF', 2],
  ['XCSE', 'DKK', 1],
  ['XSTO', 'SEK', 2],
  ['XHEL', 'EUR', 1],
  ['XOSL', 'NOK', 1],
  ['XWBO', 'EUR', 1],
  ['XTKS', 'JPY', 8],
  ['XHKG', 'HKD', 5],
  ['XKRX', 'KRW', 3],
  ['XTAI', 'TWD', 2],
  ['XSES', 'SGD', 1],
  ['XASX', 'AUD', 3],
  ['XNSE', 'INR', 3],
  ['XJSE', 'ZAc', 1],
];

const LOT_BY_COUNTRY: Record<string, number[]> = {
  JP: [100],
  HK: [100, 200, 400, 500, 1000, 2000],
  SG: [100],
  TW: [1000],
};
const ISIN_PREFIX: Record<string, string> = {
  GB: 'GB00',
  US: 'US',
  CA: 'CA',
  JP: 'JP3',
  KR: 'KR7',
  IN: 'INE',
  ZA: 'ZAE',
};

/**
 * The generated listings, in the order they are written: every draw of the step's random
 * stream happens here, so the listings are the same whether written or only listed
 * (listDraws). Reads the tickers already taken and the uic block from `db`.
 */
function* generatedListings({ db, scale, random }: GenerationContext): Generator<ShareInput> {
  const sizes = REFERENCE_SIZES[scale];
  const uics = new UicAllocator(db, UIC_BLOCKS.generatedEquities);
  const rng = random('reference:generated-equities');
  const totalWeight = GENERATED_MICS.reduce((sum, [, , weight]) => sum + weight, 0);
  const takenTickers = new Map<string, Set<string>>();
  for (const row of db
    .prepare('SELECT symbol, mic FROM instruments WHERE mic IS NOT NULL')
    .iterate() as Iterable<{ symbol: string; mic: string }>) {
    tickersOf(takenTickers, row.mic).add(row.symbol.split(':')[0]!);
  }
  const takenIsins = new Set<string>();

  const pickMarket = (): [string, string] => {
    let target = rng.next() * totalWeight;
    for (const [mic, currency, weight] of GENERATED_MICS) {
      target -= weight;
      if (target < 0) return [mic, currency];
    }
    return ['XNAS', 'USD'];
  };
  const isinFor = (country: string): string => uniqueIsin(rng, ISIN_PREFIX[country] ?? country, takenIsins);

  const products = sizes.exchangeTradedProducts;
  for (let i = 0; i < sizes.stocks + products; i++) {
    const isProduct = i >= sizes.stocks;
    const [mic, currency] = pickMarket();
    const country = countryOf(mic);
    const assetType: ShareAssetType = !isProduct ? 'Stock' : rng.chance(0.8) ? 'Etf' : 'Etc';
    const name = !isProduct
      ? companyName(rng, rng.pick(SECTORS), country)
      : assetType === 'Etf'
        ? `${nameStem(rng)} ${rng.pick(['World', 'Europe', 'US', 'Emerging Markets', 'Global Bond', 'Dividend', 'Small Cap', 'Tech', 'Clean Energy'])} ${rng.pick(['UCITS ETF', 'ETF', 'Index ETF'])}`
        : `${nameStem(rng)} Physical ${rng.pick(['Gold', 'Silver', 'Platinum', 'Palladium', 'Brent Crude', 'Copper'])} ETC`;
    const ticker = tickerFor(rng, name, country, tickersOf(takenTickers, mic));
    const uic = uics.take();
    const lots = LOT_BY_COUNTRY[country] ?? [1];
    const basePrice =
      currency === 'JPY' || currency === 'KRW' ? 3000 : currency === 'GBX' || currency === 'ZAc' ? 800 : 60;
    const price = Math.round(basePrice * Math.exp((rng.next() - 0.5) * 4) * 100) / 100;
    yield {
      uic,
      assetType,
      ticker,
      name,
      mic,
      currency,
      isin: isinFor(isProduct && country !== 'US' ? rng.pick(['IE', 'LU']) : country),
      price,
      lot: rng.pick(lots),
      primaryListing: uic,
      // A few listings are suspended or not online-tradable, as on any real platform.
      isTradable: !rng.chance(0.02),
      withCfd: !isProduct || rng.chance(0.5),
    };
  }
}

export const generatedEquitiesStep: GenerationStep = {
  name: 'reference:generated-equities',
  run(context) {
    const { db } = context;
    const handedOver = context.handedOver?.() as DrawnShares | undefined;
    const writer = new InstrumentWriter(db);
    const ranks = {
      share: new RankCounter(db, SEARCH_TIER.generated),
      cfd: new RankCounter(db, SEARCH_TIER.generatedCfds),
    };
    const sizes = REFERENCE_SIZES[context.scale];
    const written = progressCounter(context.advance, sizes.stocks + sizes.exchangeTradedProducts);
    for (const input of handedOver ? decodeShareInputs(handedOver) : generatedListings(context)) {
      for (const row of shareRows(input, ranks)) writer.write(row);
      written();
    }
  },
  handsOverDraws: true,
  listDraws(context) {
    const inputs = [...generatedListings(context)];
    const message = encodeShareInputs(inputs);
    return {
      listed: inputs.flatMap(listedShareRows),
      handOver: { message, transfer: [message.numbers.buffer as ArrayBuffer] },
    };
  },
  expectedMs: { small: 30, default: 1100, large: 10_500 },
};

function tickersOf(taken: Map<string, Set<string>>, mic: string): Set<string> {
  let set = taken.get(mic);
  if (!set) taken.set(mic, (set = new Set()));
  return set;
}
