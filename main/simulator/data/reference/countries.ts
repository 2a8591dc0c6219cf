/**
 * Every ISO 3166-1 country, from the i18n-iso-countries data package (kept current with the
 * standard) rather than a hand-typed table.
 */
import { createRequire } from 'node:module';
// The package's library without its Node entry, which registers all 80 languages (0.9 MB loaded
// at every start); English is the one the platform answers in.
import countries from 'i18n-iso-countries/index.js';
import type { CountryDetails } from '../../../../contract/wire/types';

const require = createRequire(import.meta.url);
// The English locale ships as JSON; require keeps it working in Node ESM and in bundles.
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);

/** XK (Kosovo) is a user-assigned code that the package carries but ISO 3166-1 does not. */
const NOT_IN_ISO_3166_1 = new Set(['XK']);

/** The countries sorted by name, as the reference list shows them. */
export function loadCountries(): CountryDetails[] {
  const alpha3ByAlpha2 = countries.getAlpha2Codes();
  return Object.entries(alpha3ByAlpha2)
    .filter(([alpha2]) => !NOT_IN_ISO_3166_1.has(alpha2))
    .map(([alpha2, alpha3]) => ({
      A3: alpha3,
      CountryCode: alpha2,
      Name: countries.getName(alpha2, 'en', { select: 'official' }) ?? alpha2,
      Numeric: Number(countries.alpha2ToNumeric(alpha2)),
    }))
    .sort((a, b) => a.Name.localeCompare(b.Name, 'en'));
}
