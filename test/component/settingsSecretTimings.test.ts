import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import SecretsSection from '../../renderer/src/features/settings/components/SecretsSection.vue';

/** The reveal field allows up to 120 seconds, the clipboard field up to 300. */
const field = (max: string) => `input[type="number"][max="${max}"]`;

describe('Settings → Application secrets', () => {
  it('shows the timings main keeps once they are read', async () => {
    const wrapper = mount(SecretsSection, { props: { saving: false } });
    await wrapper.setProps({ secrets: { revealSeconds: 45, clipboardClearSeconds: 90 } });
    expect((wrapper.get(field('120')).element as HTMLInputElement).value).toBe('45');
    expect((wrapper.get(field('300')).element as HTMLInputElement).value).toBe('90');
  });

  it('keeps what the user typed when the settings are read only afterwards, and saves that', async () => {
    const wrapper = mount(SecretsSection, { props: { saving: false } });
    await wrapper.get(field('120')).setValue('5');
    await wrapper.get(field('300')).setValue('5');
    // The page's first read answers late, with the timings main had before.
    await wrapper.setProps({ secrets: { revealSeconds: 20, clipboardClearSeconds: 30 } });
    expect((wrapper.get(field('120')).element as HTMLInputElement).value).toBe('5');
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('save')).toEqual([[{ revealSeconds: 5, clipboardClearSeconds: 5 }]]);
  });
});
