import { describe, expect, it } from 'vitest';
import {
  daysText,
  expiryHeaderItems,
  lastTradeText,
  type ExpiryHeaderFacts,
} from '../../renderer/src/features/instruments/optionChains/logic/expiryHeader';
import {
  chainColumnIds,
  chainWidth,
  defaultChainColumns,
  isChainPriceColumn,
} from '../../renderer/src/features/instruments/optionChains/logic/chainColumns';

const spxMarch: ExpiryHeaderFacts = {
  daysToExpiry: 12,
  lastTrade: '2026-03-19T20:15:00Z',
  daysToLastTrade: 11,
  zoneName: 'America/New_York',
  exerciseStyle: 'European',
  settlement: 'CashDelivery',
};

const textOf = (facts: ExpiryHeaderFacts) =>
  Object.fromEntries(expiryHeaderItems(facts).map((item) => [item.key, item.text]));

describe('the expiry header: what every contract of an expiry shares, said once', () => {
  it('says the days to expiry, the last trade in the exchange’s time with its days, the exercise and the settlement', () => {
    expect(textOf(spxMarch)).toEqual({
      days: '12 days to expiry',
      lastTrade: 'last trade 2026-03-19 16:15 (11 days)',
      exercise: 'European exercise',
      settlement: 'cash settled',
    });
  });

  it('names the futures contract a futures option’s expiry exercises into, once its symbol is read', () => {
    const es = { ...spxMarch, exerciseStyle: 'American', settlement: 'PhysicalDelivery' };
    expect(
      textOf({ ...es, underlyingFuture: { symbol: 'ESZ6', loading: false, error: undefined } }),
    ).toMatchObject({
      exercise: 'American exercise',
      settlement: 'physically settled',
      underlying: 'exercises into ESZ6',
    });
    expect(
      textOf({ ...es, underlyingFuture: { symbol: undefined, loading: true, error: undefined } }).underlying,
    ).toBe('exercises into …');
    expect(
      textOf({ ...es, underlyingFuture: { symbol: undefined, loading: false, error: 'Not found' } })
        .underlying,
    ).toBe('the futures contract it exercises into could not be read: Not found');
    // Options on anything but a future have no such line.
    expect(textOf(spxMarch)).not.toHaveProperty('underlying');
  });

  it('says the last day and days gone by in words, and what the service does not give', () => {
    expect(textOf({ ...spxMarch, daysToExpiry: 0, daysToLastTrade: -1 })).toMatchObject({
      days: 'expires today',
      lastTrade: 'last trade 2026-03-19 16:15 (1 day ago)',
    });
    expect(daysText(1)).toBe('1 day');
    expect(textOf({ ...spxMarch, daysToExpiry: -2 }).days).toBe('expired 2 days ago');
    expect(
      textOf({
        daysToExpiry: 3,
        lastTrade: undefined,
        daysToLastTrade: undefined,
        zoneName: undefined,
        exerciseStyle: 'None',
        settlement: undefined,
      }),
    ).toEqual({
      days: '3 days to expiry',
      lastTrade: 'last trade not given',
      exercise: 'exercise style not given',
      settlement: 'settlement not given',
    });
  });

  it('gives the last trade in the exchange’s time, or in UTC when its zone is unknown', () => {
    expect(lastTradeText('2026-03-19T20:15:00Z', undefined)).toBe('2026-03-19 20:15 UTC');
    expect(lastTradeText(undefined, 'Europe/Berlin')).toBe('—');
  });
});

describe('the chain’s columns', () => {
  it('fit a 1920 px screen with every reference column on, or the defaults, beside the navigation', () => {
    expect(chainWidth(chainColumnIds.filter((id) => !isChainPriceColumn(id)))).toBeLessThanOrEqual(1920 - 400);
    expect(chainWidth(defaultChainColumns)).toBeLessThanOrEqual(1920 - 400);
  });
});
