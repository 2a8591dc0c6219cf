import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { effectScope, ref } from 'vue';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrencyPairDetails } from '../../contract/wire/types';
import { useInvertedPairHint } from '../../renderer/src/features/instruments/useInvertedPairHint';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

/** As the service lists them: each pair under both of its currencies. */
const pairs: CurrencyPairDetails[] = [
  { CurrencyCode: 'EUR', RelatedCurrencies: [{ CurrencyCode: 'USD', Uic: 21 }] },
  { CurrencyCode: 'USD', RelatedCurrencies: [{ CurrencyCode: 'EUR', Uic: 21 }, { CurrencyCode: 'JPY', Uic: 42 }] },
  { CurrencyCode: 'JPY', RelatedCurrencies: [{ CurrencyCode: 'USD', Uic: 42 }] },
];
const spotSymbols: Record<number, string> = { 21: 'EURUSD', 42: 'USDJPY' };

describe('the instrument search points a pair typed the other way round to the pair as quoted', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('reads the currency pairs only once the words look like a pair, then names the pair', async () => {
    const desk = installRecordingDesk({
      'reference:currencyPairs': () => ({ Data: pairs }),
      'instruments:detailsList': (arg) => ({
        Data: (arg as { Uics: number[] }).Uics.map((uic) => ({ Uic: uic, AssetType: 'FxSpot', Symbol: spotSymbols[uic] })),
      }),
    });
    const keywords = ref('apple');
    const scope = effectScope();
    const hint = scope.run(() => useInvertedPairHint(() => keywords.value));
    await flushPromises();
    expect(desk.callsOf('reference:currencyPairs')).toHaveLength(0);
    expect(hint?.value).toBeUndefined();

    keywords.value = 'usdeur';
    await flushPromises();
    expect(desk.callsOf('reference:currencyPairs')).toHaveLength(1);
    expect(hint?.value).toEqual({ typed: 'USDEUR', pair: 'EURUSD' });

    keywords.value = 'jpy/usd';
    await flushPromises();
    expect(hint?.value).toEqual({ typed: 'JPYUSD', pair: 'USDJPY' });

    keywords.value = 'eurusd';
    await flushPromises();
    expect(hint?.value).toBeUndefined();
    scope.stop();
  });
});
