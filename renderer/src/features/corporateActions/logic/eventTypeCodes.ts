/**
 * ISO 15022 corporate action event codes (CAEV) with their names, for the event type filter
 * (platform facts section 6). The filter also accepts other codes the service may use.
 */
export const eventTypeCodes: { code: string; name: string }[] = [
  { code: 'BIDS', name: 'Repurchase Offer' },
  { code: 'BONU', name: 'Bonus Issue' },
  { code: 'CAPD', name: 'Capital Distribution' },
  { code: 'CAPG', name: 'Capital Gains Distribution' },
  { code: 'CONV', name: 'Conversion' },
  { code: 'DRIP', name: 'Dividend Reinvestment' },
  { code: 'DTCH', name: 'Dutch Auction' },
  { code: 'DVCA', name: 'Cash Dividend' },
  { code: 'DVOP', name: 'Dividend Option' },
  { code: 'DVSE', name: 'Stock Dividend' },
  { code: 'EXOF', name: 'Exchange' },
  { code: 'EXRI', name: 'Call on Intermediate Securities' },
  { code: 'EXWA', name: 'Warrant Exercise' },
  { code: 'INTR', name: 'Interest Payment' },
  { code: 'MCAL', name: 'Full Call' },
  { code: 'MEET', name: 'Annual General Meeting' },
  { code: 'MRGR', name: 'Merger' },
  { code: 'ODLT', name: 'Odd-Lot Sale/Purchase' },
  { code: 'PCAL', name: 'Partial Redemption' },
  { code: 'PRIO', name: 'Priority Issue' },
  { code: 'REDM', name: 'Final Maturity' },
  { code: 'RHDI', name: 'Intermediate Securities Distribution' },
  { code: 'RHTS', name: 'Rights Issue' },
  { code: 'SOFF', name: 'Spin-off' },
  { code: 'SPLF', name: 'Stock Split' },
  { code: 'SPLR', name: 'Reverse Split' },
  { code: 'TEND', name: 'Tender/Takeover Offer' },
];

/** The asset types corporate actions occur on (platform facts: the CA subset), first in the filter. */
export const corporateActionAssetTypes = [
  'Stock',
  'Bond',
  'Etf',
  'MutualFund',
  'CompanyWarrant',
  'Warrant',
  'MiniFuture',
  'Rights',
];
