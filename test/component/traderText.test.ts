import { describe, expect, it } from 'vitest';
import type { InstrumentDetails, SummaryInfo } from '../../contract/wire/types';
import { detailSections } from '../../renderer/src/features/instruments/logic/detailSections';
import { highlightParts } from '../../renderer/src/features/instruments/logic/highlight';
import { searchTarget } from '../../renderer/src/features/instruments/logic/searchTarget';

describe('matched words highlighting', () => {
  it('marks every occurrence of each word, case-insensitively', () => {
    expect(highlightParts('Apple Inc. - apple', 'APPLE')).toEqual([
      { text: 'Apple', match: true },
      { text: ' Inc. - ', match: false },
      { text: 'apple', match: true },
    ]);
  });

  it('marks words only where they start a word, as the search matches them', () => {
    expect(highlightParts('Microsoft Corp', 'micro soft')).toEqual([
      { text: 'Micro', match: true },
      { text: 'soft Corp', match: false },
    ]);
    expect(highlightParts('ASA:xnas', 'a')).toEqual([
      { text: 'A', match: true },
      { text: 'SA:xnas', match: false },
    ]);
    expect(highlightParts('BRK.B', 'b')).toEqual([
      { text: 'B', match: true },
      { text: 'RK.', match: false },
      { text: 'B', match: true },
    ]);
  });

  it('merges overlapping words and leaves text alone when nothing was typed', () => {
    expect(highlightParts('Microsoft', 'micro microsoft')).toEqual([{ text: 'Microsoft', match: true }]);
    expect(highlightParts('Microsoft', '  ')).toEqual([{ text: 'Microsoft', match: false }]);
  });

  it('keeps markup-looking text as plain text parts', () => {
    const parts = highlightParts('<b>Tesla</b>', 'tesla');
    expect(parts.map((part) => part.text).join('')).toBe('<b>Tesla</b>');
    expect(parts.find((part) => part.match)?.text).toBe('Tesla');
  });
});

const summary = (overrides: Partial<SummaryInfo>): SummaryInfo => ({
  AssetType: 'Stock',
  Description: '',
  ExchangeId: 'XNAS',
  GroupId: 0,
  Identifier: 211,
  SummaryType: 'Instrument',
  Symbol: 'AAPL:xnas',
  ...overrides,
});

describe('search navigation rule', () => {
  it('opens option roots in a chain, continuous futures in a ladder, the rest in details', () => {
    expect(
      searchTarget(
        summary({ SummaryType: 'ContractOptionRoot', AssetType: 'StockIndexOption', Identifier: 7 }),
      ),
    ).toEqual({ kind: 'optionChain', optionRootId: 7 });
    expect(
      searchTarget(summary({ AssetType: 'ContractFutures', DisplayHint: 'Continuous', Identifier: 9 })),
    ).toEqual({ kind: 'futuresLadder', continuousUic: 9 });
    expect(searchTarget(summary({ AssetType: 'ContractFutures', Identifier: 10 }))).toEqual({
      kind: 'details',
      uic: 10,
      assetType: 'ContractFutures',
    });
    expect(searchTarget(summary({}))).toEqual({ kind: 'details', uic: 211, assetType: 'Stock' });
  });
});

describe('instrument detail sections', () => {
  const future: InstrumentDetails = {
    Uic: 501,
    AssetType: 'ContractFutures',
    Symbol: 'CLN6',
    Description: 'Crude Oil WTI Jul 2026',
    GroupId: 0,
    CurrencyCode: 'USD',
    TickSize: 0.01,
    ContractSize: 1000,
    IsTradable: false,
    NonTradableReason: 'ExpiredInstrument',
    ExpiryDate: '2026-06-22T00:00:00Z',
    Exchange: { CountryCode: 'US', ExchangeId: 'XNYM', Name: 'NYMEX' },
    RelatedOptionRootsEnhanced: [{ AssetType: 'FuturesOption', OptionRootId: 44, OptionType: 'Monthly' }],
  };

  it('groups the fields as in the spec and leaves out groups with no field', () => {
    const sections = detailSections(future);
    expect(sections.map((section) => section.title)).toEqual([
      'Identity',
      'Currency and pricing',
      'Amounts and sizes',
      'Tradability',
      'Exchange',
      'Dates',
      'Options and derivatives',
    ]);
    const identity = sections[0]?.fields.map((field) => [field.label, field.text]);
    expect(identity).toEqual([
      ['Uic', '501'],
      ['Asset type', 'ContractFutures'],
      ['Symbol', 'CLN6'],
      ['Description', 'Crude Oil WTI Jul 2026'],
      ['Group id', '0 (ungrouped)'],
    ]);
  });

  it('writes values as a trader reads them and shows no notice date when there is none', () => {
    const fields = detailSections(future).flatMap((section) => section.fields);
    const textOf = (label: string) => fields.find((field) => field.label === label)?.text;
    expect(textOf('Contract size')).toBe('1,000');
    expect(textOf('Tradable')).toBe('No');
    expect(textOf('Expiry date')).toBe('2026-06-22');
    expect(textOf('Exchange')).toBe('NYMEX (XNYM), US');
    expect(fields.some((field) => field.label === 'Notice date')).toBe(false);
  });

  it('turns option roots and related instruments into links', () => {
    const links = detailSections({ ...future, RelatedInstruments: [{ AssetType: 'CfdOnFutures', Uic: 77 }] })
      .flatMap((section) => section.fields)
      .flatMap((field) => field.links ?? []);
    expect(links).toEqual([
      { label: 'CfdOnFutures 77', target: { kind: 'details', uic: 77, assetType: 'CfdOnFutures' } },
      { label: 'FuturesOption root 44 (Monthly)', target: { kind: 'optionChain', optionRootId: 44 } },
    ]);
  });

  it('shows field groups only when the response carries them', () => {
    const withGroups = detailSections({
      ...future,
      OrderSetting: { Currency: 'USD', MaxOrderSize: 500 },
      SupportedOrderTypeSettings: [{ OrderType: 'Limit', DurationTypes: ['DayOrder', 'GoodTillCancel'] }],
    }).flatMap((section) => section.fields);
    expect(withGroups.find((field) => field.label === 'Order setting')?.text).toBe('Max order size 500');
    expect(withGroups.find((field) => field.label === 'Order type settings')?.text).toBe(
      'Limit: DayOrder, GoodTillCancel',
    );
  });
});
