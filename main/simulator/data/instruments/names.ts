/**
 * Made-up but plausible company, fund and product names and ticker symbols for the generated
 * part of the universe. Words are chosen so keyword search has realistic hit rates.
 */
import type { RandomStream } from '../random';

const STEMS = [
  'Acme',
  'Aldor',
  'Alpine',
  'Amber',
  'Anchor',
  'Apex',
  'Arbor',
  'Arctic',
  'Argent',
  'Ashford',
  'Atlas',
  'Aurora',
  'Avalon',
  'Axiom',
  'Baltic',
  'Banyan',
  'Beacon',
  'Bellwether',
  'Birch',
  'Blue Ridge',
  'Boreal',
  'Bramble',
  'Bright',
  'Brook',
  'Cairn',
  'Caldera',
  'Cambria',
  'Canyon',
  'Capstone',
  'Cardinal',
  'Cascade',
  'Cedar',
  'Celadon',
  'Centra',
  'Chalk',
  'Cinder',
  'Citadel',
  'Clearwater',
  'Cobalt',
  'Comet',
  'Condor',
  'Copper',
  'Coral',
  'Corona',
  'Crescent',
  'Crest',
  'Crown',
  'Crystal',
  'Cypress',
  'Delta',
  'Dune',
  'Eagle',
  'Ember',
  'Emerald',
  'Equinox',
  'Evergreen',
  'Falcon',
  'Fern',
  'Fjord',
  'Flint',
  'Forge',
  'Fulcrum',
  'Galena',
  'Garnet',
  'Glacier',
  'Granite',
  'Graphite',
  'Greystone',
  'Harbor',
  'Harvest',
  'Hawthorn',
  'Helios',
  'Heron',
  'Highland',
  'Horizon',
  'Indigo',
  'Iron',
  'Ivory',
  'Jade',
  'Juniper',
  'Keystone',
  'Kestrel',
  'Lagoon',
  'Lantern',
  'Larch',
  'Laurel',
  'Linden',
  'Lodestar',
  'Lumen',
  'Magnolia',
  'Maple',
  'Marble',
  'Meridian',
  'Mesa',
  'Millstone',
  'Monarch',
  'Mosaic',
  'Nimbus',
  'Nordic',
  'North Star',
  'Oak',
  'Obsidian',
  'Onyx',
  'Orbit',
  'Orchid',
  'Osprey',
  'Pacific',
  'Palisade',
  'Paragon',
  'Pinnacle',
  'Pioneer',
  'Polar',
  'Prairie',
  'Prism',
  'Quarry',
  'Quartz',
  'Radiant',
  'Raven',
  'Redwood',
  'Ridge',
  'Riverbend',
  'Sable',
  'Saffron',
  'Sage',
  'Sapphire',
  'Sequoia',
  'Sierra',
  'Silver Lake',
  'Solstice',
  'Spruce',
  'Stellar',
  'Stonebridge',
  'Summit',
  'Sunrise',
  'Tamarack',
  'Tempest',
  'Thistle',
  'Timber',
  'Topaz',
  'Trident',
  'Tundra',
  'Twin Peaks',
  'Umber',
  'Unity',
  'Vanguard Hill',
  'Vega',
  'Verde',
  'Vertex',
  'Vista',
  'Willow',
  'Windward',
  'Zenith',
  'Zephyr',
];

const SECTOR_WORDS: Record<string, readonly string[]> = {
  IT: ['Software', 'Systems', 'Semiconductor', 'Networks', 'Data', 'Digital', 'Cloud', 'Micro'],
  Comm: ['Media', 'Telecom', 'Broadcasting', 'Interactive', 'Communications'],
  Disc: ['Retail', 'Motors', 'Apparel', 'Hotels', 'Leisure', 'Brands'],
  Staples: ['Foods', 'Beverages', 'Household', 'Farms', 'Grocers'],
  HC: ['Pharma', 'Biotech', 'Medical', 'Health', 'Therapeutics', 'Diagnostics'],
  Fin: ['Bank', 'Capital', 'Insurance', 'Financial', 'Asset Management', 'Bancorp'],
  Ind: ['Industries', 'Engineering', 'Aerospace', 'Logistics', 'Machinery', 'Shipping'],
  Energy: ['Energy', 'Oil', 'Petroleum', 'Gas', 'Drilling', 'Renewables'],
  Mat: ['Mining', 'Chemicals', 'Steel', 'Metals', 'Materials', 'Paper'],
  Util: ['Utilities', 'Power', 'Water', 'Electric'],
  RealEstate: ['Properties', 'Realty', 'REIT', 'Land'],
};

export const SECTORS = Object.keys(SECTOR_WORDS);

/** Legal-form suffix customary on each listing's market. */
const LEGAL_SUFFIX: Record<string, readonly string[]> = {
  US: ['Inc.', 'Corp.', 'Holdings Inc.', 'Group Inc.', 'Co.'],
  CA: ['Inc.', 'Corp.', 'Ltd.'],
  GB: ['plc', 'Group plc', 'Holdings plc'],
  DE: ['AG', 'SE', 'Holding AG'],
  FR: ['SA', 'SE', 'Groupe SA'],
  NL: ['N.V.', 'Holding N.V.'],
  BE: ['SA/NV', 'NV'],
  IT: ['S.p.A.'],
  ES: ['S.A.'],
  PT: ['SGPS S.A.'],
  CH: ['AG', 'Holding AG', 'SA'],
  AT: ['AG'],
  DK: ['A/S'],
  SE: ['AB', 'AB (publ)'],
  FI: ['Oyj', 'Abp'],
  NO: ['ASA'],
  JP: ['Co., Ltd.', 'Corporation', 'Holdings'],
  HK: ['Holdings Ltd.', 'Group Ltd.'],
  SG: ['Ltd.', 'Group Ltd.'],
  KR: ['Co., Ltd.'],
  TW: ['Corp.', 'Co., Ltd.'],
  IN: ['Ltd.', 'Industries Ltd.'],
  AU: ['Ltd', 'Group Ltd'],
  ZA: ['Ltd', 'Holdings Ltd'],
  BR: ['S.A.'],
  TR: ['A.S.'],
  SA: ['Co.'],
};

/** A company name such as "Cobalt Semiconductor Inc.". */
export function companyName(random: RandomStream, sector: string, countryCode: string): string {
  const words = SECTOR_WORDS[sector] ?? SECTOR_WORDS.Ind!;
  const suffixes = LEGAL_SUFFIX[countryCode] ?? ['Ltd.'];
  return `${random.pick(STEMS)} ${random.pick(words)} ${random.pick(suffixes)}`;
}

/** A name stem alone, for funds and products ("Glacier", "North Star"). */
export function nameStem(random: RandomStream): string {
  return random.pick(STEMS);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A ticker unique within `taken`: letters derived from the name where possible (as real
 * tickers are), numeric codes on Asian markets.
 */
export function tickerFor(
  random: RandomStream,
  name: string,
  countryCode: string,
  taken: Set<string>,
): string {
  const numeric: Record<string, [number, number]> = {
    JP: [1300, 9999],
    HK: [1, 9999],
    KR: [1, 999999],
    TW: [1101, 9999],
  };
  const range = numeric[countryCode];
  for (let attempt = 0; attempt < 1000; attempt++) {
    let symbol: string;
    if (range && attempt >= 30) {
      // Numeric codes run out on a large universe: Tokyo's newer codes end in a letter (e.g. 130A).
      symbol = `${random.int(100, 999)}${LETTERS[random.int(0, 25)]}${attempt > 60 ? random.int(0, 9) : ''}`;
    } else if (range) {
      const value = random.int(range[0], range[1]);
      symbol = countryCode === 'KR' ? String(value).padStart(6, '0') : String(value);
    } else {
      const letters = name.replace(/[^A-Za-z]/g, '').toUpperCase();
      const length = random.int(3, 4 + (attempt > 20 ? 1 : 0));
      symbol = letters.slice(0, 1);
      while (symbol.length < length) {
        symbol +=
          attempt < 5 && letters.length > 1
            ? letters[random.int(1, letters.length - 1)]
            : LETTERS[random.int(0, 25)];
      }
    }
    if (!taken.has(symbol)) {
      taken.add(symbol);
      return symbol;
    }
  }
  throw new Error(`Could not find a free ticker for ${name}`);
}
