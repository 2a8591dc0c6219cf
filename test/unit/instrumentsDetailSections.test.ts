import { describe, expect, it } from 'vitest';
import type { InstrumentDetails } from '../../contract/wire/types';
import { detailSections } from '../../renderer/src/features/instruments/logic/detailSections';

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
    Exchange: { CountryCode: 'US', ExchangeId: 'NYMEX', Name: 'New York Mercantile Exchange' },
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
    expect(textOf('Exchange')).toBe('New York Mercantile Exchange (NYMEX), US');
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
