import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { ReviewStoreView } from '../../contract/review';
import ReviewStoreSection from '../../renderer/src/features/settings/components/ReviewStoreSection.vue';

const available: ReviewStoreView = {
  kind: 'team',
  revision: 2,
  urls: ['https://review-1.example.com', 'https://review-2.example.com'],
  state: 'available',
  replica: 'https://review-2.example.com',
  team: {
    name: 'Corporate actions, Copenhagen',
    me: { name: 'Clara Lindqvist', userId: 'k', roles: ['Analyst', 'Approver'] },
    members: [],
  },
};

describe('Settings → Review store', () => {
  it('saves the team service with its addresses, one per line', async () => {
    const wrapper = mount(ReviewStoreSection, {
      props: {
        review: { store: 'local', teamUrls: [] },
        status: { kind: 'local', revision: 1 },
        saving: false,
        copying: false,
      },
    });
    expect(wrapper.get('[data-testid="review-store-status"]').text()).toBe(
      'Review state is kept on this computer.',
    );
    expect(wrapper.get('textarea').attributes('disabled')).toBeDefined();
    await wrapper.get('input[value="team"]').setValue(true);
    await wrapper.get('textarea').setValue(' https://review-1.example.com\nhttps://review-2.example.com \n');
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('save')).toEqual([
      [{ store: 'team', teamUrls: ['https://review-1.example.com', 'https://review-2.example.com'] }],
    ]);
  });

  it('shows main’s refusal of an address next to the addresses, and who the user is in the team once connected', async () => {
    const wrapper = mount(ReviewStoreSection, {
      props: {
        review: { store: 'team', teamUrls: ['https://review-1.example.com'] },
        status: available,
        saving: false,
        copying: false,
        saveError: {
          message: 'Invalid argument for settings:saveReviewStore.',
          fields: {
            'teamUrls.0': [
              'Team review service address must use https:// (plain http:// is accepted only for 127.0.0.1 or localhost).',
            ],
          },
        },
      },
    });
    expect(wrapper.get('textarea').attributes('aria-invalid')).toBe('true');
    expect(wrapper.text()).toContain('Team review service address must use https://');
    expect(wrapper.get('[data-testid="review-store-status"]').text()).toBe(
      'Connected to the team Corporate actions, Copenhagen as Clara Lindqvist (Analyst, Approver) via https://review-2.example.com.',
    );
  });

  it('offers the copy to the team while it answers, and reports what was copied and what was not', async () => {
    const wrapper = mount(ReviewStoreSection, {
      props: {
        review: { store: 'team', teamUrls: available.urls },
        status: available,
        saving: false,
        copying: false,
        copyReport: {
          events: 5,
          eventsCopied: 3,
          notes: 1,
          flags: 0,
          reviewedMarks: 1,
          readMarks: 1,
          alreadyOnTeam: 2,
          conflicts: [
            {
              eventId: '77',
              what: 'note',
              message: 'The team already has another note; yours was not copied: “Mine.”',
            },
          ],
          at: '2026-03-02T09:00:00Z',
          team: 'Corporate actions, Copenhagen',
        },
      },
    });
    const copy = wrapper.get('.copy button');
    expect(copy.attributes('disabled')).toBeUndefined();
    await copy.trigger('click');
    expect(wrapper.emitted('copy')).toHaveLength(1);
    const report = wrapper.get('[data-testid="copy-report"]').text();
    expect(report).toContain(
      'Copied to Corporate actions, Copenhagen: 3 of 5 events — 0 flags, 1 note, 1 reviewed mark, 1 read mark; 2 already on the team.',
    );
    expect(report).toContain(
      'Event 77 (note): The team already has another note; yours was not copied: “Mine.”',
    );
    await wrapper.setProps({
      status: { ...available, state: 'unavailable', message: 'Team review unavailable: x' },
    });
    expect(wrapper.get('.copy button').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid="review-store-status"]').text()).toBe('Team review unavailable: x');
  });
});
