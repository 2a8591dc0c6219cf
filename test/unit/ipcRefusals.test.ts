/**
 * Refusals in words: an argument main refuses comes back as sentences a user understands,
 * naming the field as the screen does, never the channel's name or zod's own text.
 */
import { describe, expect, it, vi } from 'vitest';
import { fieldWords } from '../../contract/refusals';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };
const handlers = new Proxy({}, { get: () => vi.fn(async () => ({ Data: [] })) }) as unknown as IpcHandlers;
const dispatch = createIpcDispatcher({ handlers, isTrustedSender: (url) => url.startsWith('app://refdesk/') });

async function refusal(channel: string, arg: unknown) {
  const response = await dispatch(channel, arg, own);
  if (response.ok) throw new Error(`${channel} accepted ${JSON.stringify(arg)}`);
  return response.error;
}

describe('refusals in words', () => {
  it('says the search text is limited to 255 characters, and never names the channel', async () => {
    const error = await refusal('instruments:search', { Keywords: 'x'.repeat(256) });
    expect(error).toEqual({
      code: 'InvalidArgument',
      message: 'Search text is limited to 255 characters.',
      fields: { Keywords: ['Search text is limited to 255 characters.'] },
    });
    expect((await dispatch('instruments:search', { Keywords: 'x'.repeat(255) }, own)).ok).toBe(true);
  });

  it('words numbers, lists, choices and extra values', async () => {
    expect((await refusal('instruments:search', { Keywords: 'a', $top: 5000 })).message).toBe('Page size is at most 1000.');
    expect((await refusal('instruments:search', { Keywords: 'a', $top: 2.5 })).message).toBe('Page size must be a whole number.');
    expect((await refusal('instruments:detailsList', { Uics: Array.from({ length: 201 }, (_, i) => i + 1) })).message).toBe(
      'Uics takes at most 200 entries.',
    );
    expect((await refusal('instruments:optionSpace', { OptionRootId: 1, OptionSpaceSegment: 'Some' })).message).toBe(
      'Option space segment must be one of AllDates, DefaultDates, None, SpecificDates, UnderlyingUic.',
    );
    expect((await refusal('reference:countries', { refresh: true, everything: 1 })).message).toBe(
      'RefDesk does not send everything with this request.',
    );
    expect((await refusal('instruments:search', { Keywords: 'a', ExchangeId: 'X NAS' })).message).toBe(
      'An exchange is named by its platform id, e.g. NASDAQ or EUR_AMS2.',
    );
  });

  it('joins the messages of several fields, each once', async () => {
    const error = await refusal('instruments:search', { Keywords: 'x'.repeat(300), $skip: -1 });
    expect(error.message).toBe('Rows to skip is at least 0. Search text is limited to 255 characters.');
  });

  it('spells out field names it has no words for', () => {
    expect(fieldWords(['OneWeekTotalValueChangesFrom'])).toBe('One week total value changes from');
    expect(fieldWords(['AssetTypes', 0])).toBe('Asset types');
    expect(fieldWords([])).toBe('The request');
  });
});
