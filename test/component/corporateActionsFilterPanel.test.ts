import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EventFilterPanel from '../../renderer/src/features/corporateActions/components/EventFilterPanel.vue';
import type { LookupLists } from '../../renderer/src/features/corporateActions/useEventLookupStore';

const named = (...codes: string[]) => codes.map((code) => ({ Code: code, Name: code }));
/** The lists as the service's lookup data gives them. */
const lookup: LookupLists = {
  AssetTypes: named('Bond', 'Stock'),
  CorporateActionTypes: named('Mandatory', 'Voluntary'),
  ElectionStatuses: [
    { Code: 'Elected', Name: 'Elected' },
    { Code: 'PartialElected', Name: 'Partially elected' },
  ],
  EventStates: named('Approved', 'Confirmed'),
  EventStatuses: named('Active', 'Past'),
  EventTypes: [
    { Code: 'DVCA', Name: 'Cash Dividend' },
    { Code: 'TEND', Name: 'Tender/Takeover Offer' },
    { Code: 'XMET', Name: 'Extraordinary General Meeting' },
  ],
};

describe('the event filter panel', () => {
  it('applies the chosen checkboxes, selects, dates, switches and the client chosen by name', async () => {
    const accounts = [
      { value: 'client:CLIENT-1', label: 'Lindqvist Capital ApS (client 9300112)', depth: 0, kind: 'client' as const },
      { value: 'account:ACCOUNT-1', label: 'Lindqvist Capital ApS EUR · 9300112INET', depth: 1, kind: 'account' as const },
    ];
    const wrapper = mount(EventFilterPanel, { props: { filters: {}, accounts, lookup }, attachTo: document.body });
    const checkbox = (name: string) =>
      wrapper.findAll('[role="checkbox"]').find((box) => box.text() === name);
    await checkbox('Voluntary')?.trigger('click');
    await checkbox('Approved')?.trigger('click');
    await checkbox('Partly elected')?.trigger('click');
    await checkbox('Include lapsed events')?.trigger('click');
    const [eventTypes, assetTypes] = wrapper.findAll('select[multiple]');
    for (const option of eventTypes?.findAll('option') ?? [])
      (option.element as HTMLOptionElement).selected = ['DVCA', 'TEND'].includes(
        option.attributes('value') ?? '',
      );
    await eventTypes?.trigger('change');
    (assetTypes?.find('option[value="Bond"]').element as HTMLOptionElement).selected = true;
    await assetTypes?.trigger('change');
    await wrapper.get('select:not([multiple])').setValue('Active');
    await wrapper.get('input[aria-label="Deadline to"]').setValue('2026-03-31');
    await wrapper.get('input[aria-label="Deadline to"]').trigger('change');
    const picker = wrapper.get('[data-testid="account-picker"]');
    expect(picker.findAll('option').map((option) => option.text())).toEqual([
      "My client's accounts",
      'Lindqvist Capital ApS (client 9300112)',
      'Lindqvist Capital ApS EUR · 9300112INET',
    ]);
    await picker.setValue('client:CLIENT-1');
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('apply')?.[0]?.[0]).toEqual({
      CorporateActionTypes: ['Voluntary'],
      EventStates: ['Approved'],
      ElectionStatuses: ['PartialElected'],
      IncludeLapsedEvents: true,
      EventTypes: ['DVCA', 'TEND'],
      AssetTypes: ['Bond'],
      EventStatus: 'Active',
      ToDeadlineDate: '2026-03-31',
      ClientKey: 'CLIENT-1',
    });
    wrapper.unmount();
  });

  afterEach(() => vi.useRealTimers());

  it('applies a choice as it is made and typed text once the typing pauses, each change once', async () => {
    vi.useFakeTimers();
    const wrapper = mount(EventFilterPanel, { props: { filters: {}, accounts: [], lookup }, attachTo: document.body });
    const checkbox = (name: string) => wrapper.findAll('[role="checkbox"]').find((box) => box.text() === name);
    await checkbox('Voluntary')?.trigger('click');
    await vi.advanceTimersByTimeAsync(450);
    expect(wrapper.emitted('apply')).toEqual([[{ CorporateActionTypes: ['Voluntary'] }]]);
    await wrapper.setProps({ filters: { CorporateActionTypes: ['Voluntary'] } });
    const keywords = wrapper.get('input[type="search"]');
    for (const typed of ['A', 'AC', 'ACM', 'ACME']) {
      await keywords.setValue(typed);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(wrapper.emitted('apply')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(wrapper.emitted('apply')?.[1]).toEqual([{ CorporateActionTypes: ['Voluntary'], Keywords: 'ACME' }]);
    // Enter applies at once; nothing new, nothing sent again.
    await wrapper.get('form').trigger('submit');
    await vi.advanceTimersByTimeAsync(500);
    expect(wrapper.emitted('apply')).toHaveLength(2);
    wrapper.unmount();
  });

  it('Reset asks for no filter at all (the work queue’s too, which the workspace clears)', async () => {
    const wrapper = mount(EventFilterPanel, { props: { accounts: [], lookup, filters: { Keywords: 'x', EventStatus: 'Past' } } });
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Reset')
      ?.trigger('click');
    expect(wrapper.emitted('reset')).toHaveLength(1);
  });

  it('offers the service’s lists, enumerations in words, keeps a chosen code the service no longer lists, and says when the lists cannot be read', async () => {
    const wrapper = mount(EventFilterPanel, {
      props: { accounts: [], lookup, filters: { EventTypes: ['SPLF'] } },
    });
    const [eventTypes] = wrapper.findAll('select[multiple]');
    expect(eventTypes!.findAll('option').map((option) => option.text())).toEqual([
      'DVCA Cash Dividend',
      'TEND Tender/Takeover Offer',
      'XMET Extraordinary General Meeting',
      'SPLF SPLF',
    ]);
    expect((eventTypes!.find('option[value="SPLF"]').element as HTMLOptionElement).selected).toBe(true);
    const checkboxes = wrapper.findAll('[role="checkbox"]').map((box) => box.text());
    expect(checkboxes).toEqual(expect.arrayContaining(['Partly elected', 'Elected', 'Voluntary']));
    expect(checkboxes).not.toContain('PartialElected');
    await wrapper.setProps({ lookup: {}, lookupProblem: 'The service did not answer.' });
    const alert = wrapper.get('[role="alert"]');
    expect(alert.text()).toContain('The filter lists could not be read: The service did not answer.');
    await alert.get('button').trigger('click');
    expect(wrapper.emitted('retryLookup')).toHaveLength(1);
  });
});
