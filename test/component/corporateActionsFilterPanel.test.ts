import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import EventFilterPanel from '../../renderer/src/features/corporateActions/components/EventFilterPanel.vue';

describe('the event filter panel', () => {
  it('applies the chosen checkboxes, selects, dates, switches and the client chosen by name', async () => {
    const accounts = [
      { value: 'client:CLIENT-1', label: 'Lindqvist Capital ApS (client 9300112)', depth: 0, kind: 'client' as const },
      { value: 'account:ACCOUNT-1', label: 'Lindqvist Capital ApS EUR · 9300112INET', depth: 1, kind: 'account' as const },
    ];
    const wrapper = mount(EventFilterPanel, { props: { filters: {}, accounts }, attachTo: document.body });
    const checkbox = (name: string) =>
      wrapper.findAll('[role="checkbox"]').find((box) => box.text() === name);
    await checkbox('Voluntary')?.trigger('click');
    await checkbox('Approved')?.trigger('click');
    await checkbox('PartialElected')?.trigger('click');
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

  it('Reset applies no filter at all', async () => {
    const wrapper = mount(EventFilterPanel, { props: { accounts: [], filters: { Keywords: 'x', EventStatus: 'Past' } } });
    await wrapper
      .findAll('button')
      .find((button) => button.text() === 'Reset')
      ?.trigger('click');
    expect(wrapper.emitted('apply')?.[0]?.[0]).toEqual({});
  });
});
