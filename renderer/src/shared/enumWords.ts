/**
 * Every enumeration of the wire in words, one mapping for the whole desk: the list, the detail,
 * the filters, the field names of "changed since reviewed" and the CSV read the same words
 * (`NotElected` → "Not elected", `EventState` → "Event state"). Values are split at their
 * capitals and read as a sentence; the few whose plain split reads badly are named here.
 */

/** Values whose split would not read as a person says them. */
const SAID_OTHERWISE: Readonly<Record<string, string>> = {
  PartialElected: 'Partly elected',
  NotElectable: 'Not electable',
  RestrictionsMayApply: 'Restrictions may apply',
  NumberofDaysAccrued: 'Number of days accrued',
  DisplayAndFormat: 'Instrument',
  IsinCode: 'ISIN',
  Uic: 'Uic',
  EventId: 'Event id',
  OptionId: 'Option id',
  CashAndSecurities: 'Cash and securities',
  AwaitingApproval: 'Awaiting approval',
  MarketDeadline: 'Market deadline',
  IssuerDeadline: 'Issuer deadline',
  Deadline: 'Response deadline',
};

/** `CamelCase` or `PascalCase` as words, first one capitalised, acronyms kept (`ETFShare` → "ETF share"). */
function split(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
  return words
    .map((word, index) => {
      if (/^[A-Z0-9]{2,}$/.test(word)) return word;
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word.toLowerCase();
    })
    .join(' ');
}

/** An enumeration value (or a field's name) in words; absent stays empty, codes such as `DVCA` stay as they are. */
export function enumWords(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return SAID_OTHERWISE[value] ?? split(value);
}

/** A field path such as `Options 1 › ElectionPeriod › End` with each name in words. */
export function fieldPathWords(path: string): string {
  return path
    .split(' › ')
    .map((segment) => segment.replace(/^[A-Za-z]+/, (name) => enumWords(name)))
    .join(' › ');
}
