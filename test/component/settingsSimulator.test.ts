import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SimulatorStatus } from '../../contract/settings';
import SimulatorSection from '../../renderer/src/features/settings/components/SimulatorSection.vue';

const running: SimulatorStatus = {
  state: 'running',
  baseUrl: 'http://127.0.0.1:4321/openapi',
  authUrl: 'http://127.0.0.1:4321/auth',
  port: 4321,
  startedAt: '2026-11-23T08:00:00.000Z',
  corsOrigins: ['http://localhost:5173'],
  universe: { scale: 'default', seed: 7, asOf: '2027-01-15', cacheUsed: true, generationMs: 0, databaseBytes: 1_048_576 },
  configured: { scale: 'default', seed: 7, asOf: '2027-01-15', corsOrigins: ['http://localhost:5173'] },
};

describe('Settings → Embedded simulator', () => {
  it('shows the day and the browser origins it runs with, and restarts with the ones typed', async () => {
    const wrapper = mount(SimulatorSection, { props: { status: running, resetting: false } });
    expect(wrapper.get('[data-testid="simulator-cors"]').text()).toBe('only http://localhost:5173');
    expect(wrapper.get<HTMLInputElement>('input[type="date"]').element.value).toBe('2027-01-15');
    await wrapper.get('input[type="date"]').setValue('2027-03-31');
    await wrapper.get('textarea').setValue(' http://localhost:5173\n\nhttps://apps.example.com \n');
    await wrapper.get('form').trigger('submit');
    expect(wrapper.get('[role="alertdialog"]').text()).toContain('simulating 2027-03-31');
    await wrapper.get('button.primary').trigger('click');
    expect(wrapper.emitted('reset')).toEqual([
      [
        {
          scale: 'default',
          seed: 7,
          regenerate: false,
          asOf: '2027-03-31',
          corsOrigins: ['http://localhost:5173', 'https://apps.example.com'],
        },
      ],
    ]);
  });

  it('sends emptied fields as today and any origin, so main forgets the kept ones', async () => {
    const wrapper = mount(SimulatorSection, { props: { status: running, resetting: false } });
    await wrapper.get('input[type="date"]').setValue('');
    await wrapper.get('textarea').setValue('  \n');
    await wrapper.get('form').trigger('submit');
    await wrapper.get('button.primary').trigger('click');
    expect(wrapper.emitted('reset')?.[0]?.[0]).toMatchObject({ asOf: null, corsOrigins: null });
  });

  it('keeps a form typed in before the status arrives, and follows main while untouched', async () => {
    const wrapper = mount(SimulatorSection, { props: { resetting: false } });
    await wrapper.get('input[type="number"]').setValue('42');
    await wrapper.setProps({ status: running });
    expect((wrapper.get('input[type="number"]').element as HTMLInputElement).value).toBe('42');
    // Once the user changed the form, none of it is replaced (a half-followed form would mix two).
    expect((wrapper.get('input[type="date"]').element as HTMLInputElement).value).toBe('');
    // A form the user did not change follows what main configures, e.g. after a restart.
    const untouched = mount(SimulatorSection, { props: { status: running, resetting: false } });
    await untouched.setProps({ status: { ...running, configured: { ...running.configured, asOf: '2027-02-01' } } });
    expect((untouched.get('input[type="date"]').element as HTMLInputElement).value).toBe('2027-02-01');
  });

  it('shows how far a generation has got while it runs, and nothing once it is done', async () => {
    const wrapper = mount(SimulatorSection, {
      props: {
        status: { ...running, corsOrigins: '*' },
        resetting: true,
        progress: {
          kind: 'generate',
          step: 'reference:options',
          stepIndex: 4,
          stepCount: 12,
          fraction: 0.42,
          elapsedMs: 9_000,
          remainingMs: 12_400,
          done: false,
        },
      },
    });
    expect(wrapper.get('[data-testid="simulator-cors"]').text()).toBe('any origin may call it');
    expect(wrapper.get('[data-testid="simulator-progress"]').text()).toBe(
      'Generating the universe: reference:options (step 4 of 12), 42%, about 13 s left',
    );
    expect(wrapper.get('progress').attributes('value')).toBe('0.42');
    await wrapper.setProps({
      progress: { kind: 'roll', step: 'done', stepIndex: 12, stepCount: 12, fraction: 1, elapsedMs: 300, done: true },
    });
    expect(wrapper.find('[data-testid="simulator-progress"]').exists()).toBe(false);
  });
});
