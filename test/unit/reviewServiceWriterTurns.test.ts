/**
 * The writer queue's turns (writerQueue.ts): while another replica writes, a group under load
 * begins a cycle after the team's last commit, with what arrived meanwhile; after its own commit a
 * replica leaves the other the next turn and takes its own right after that replica's commit;
 * alone, it waits only the short gather window.
 * Fails with the queue of before (a group written as soon as the previous one was).
 */
import { describe, expect, it } from 'vitest';
import { CYCLE_MS, WriterQueue, type TeamCommits } from '../../main/reviewService/review/writerQueue';

type Job = { name: string; actions: unknown[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const job = (name: string): Job => ({ name, actions: [{}] });

/** The team's commits as a test drives them. */
type DrivenCommits = { -readonly [K in keyof TeamCommits]: TeamCommits[K] } & { commit(own: boolean): void };

function teamCommits(): DrivenCommits {
  const waiters = new Set<() => void>();
  return {
    lastCommit: { at: -Infinity, own: false },
    otherCommitAt: -Infinity,
    commit(own) {
      const now = performance.now();
      this.lastCommit = { at: now, own };
      if (!own) this.otherCommitAt = now;
      for (const waiter of [...waiters]) waiter();
      waiters.clear();
    },
    nextCommit(timeoutMs) {
      return new Promise((resolve) => {
        waiters.add(resolve as () => void);
        setTimeout(resolve, timeoutMs);
      });
    },
  };
}

/** A queue that writes at once and records each group with when it began. */
function recordingQueue(commits: TeamCommits) {
  const groups: { names: string[]; atMs: number }[] = [];
  const queue = new WriterQueue<Job, number>(
    async (group) => {
      groups.push({ names: group.map((queued) => queued.job.name), atMs: performance.now() });
      for (const queued of group) queued.resolve(group.length);
    },
    { commits },
  );
  return { queue, groups };
}

/** The first request goes at once (an idle queue does not wait); `names` follow 4 ms apart (busy). */
async function submitBusily(queue: WriterQueue<Job, number>, names: string[]): Promise<void> {
  const answers = [queue.submit(job('first'))];
  for (const name of names) {
    await sleep(4);
    answers.push(queue.submit(job(name)));
  }
  await Promise.all(answers);
}

describe('the review writer queue’s turns', () => {
  it('under load, begins a group a cycle after another replica’s commit, with everything that arrived meanwhile', async () => {
    const commits = teamCommits();
    const { queue, groups } = recordingQueue(commits);
    commits.commit(false);
    const committedAt = commits.lastCommit.at;
    await submitBusily(queue, ['a', 'b', 'c']);
    // Without turns: [first], [a], [b], [c] (each written as it came, a few ms apart).
    expect(groups.map((group) => group.names)).toEqual([['first'], ['a', 'b', 'c']]);
    expect(groups[1]!.atMs - committedAt).toBeGreaterThanOrEqual(CYCLE_MS - 2);
  });

  it('after its own commit, leaves another writing replica the next turn, and goes right after that replica’s commit', async () => {
    const commits = teamCommits();
    const { queue, groups } = recordingQueue(commits);
    commits.commit(false);
    commits.commit(true);
    const ownAt = commits.lastCommit.at;
    const waiting = submitBusily(queue, ['a', 'b']);
    await sleep(CYCLE_MS + 10);
    // A cycle after its own commit: still the other replica's turn.
    expect(groups.map((group) => group.names)).toEqual([['first']]);
    commits.commit(false);
    const otherAt = commits.lastCommit.at;
    await waiting;
    expect(groups.map((group) => group.names)).toEqual([['first'], ['a', 'b']]);
    // Having gathered for more than a cycle, it goes right after the other's commit (not two cycles after its own).
    expect(groups[1]!.atMs - otherAt).toBeLessThan(10);
    expect(groups[1]!.atMs - ownAt).toBeGreaterThanOrEqual(CYCLE_MS);
  });

  it('alone (no other replica heard writing), waits only the short gather window', async () => {
    const commits = teamCommits();
    const { queue, groups } = recordingQueue(commits);
    commits.commit(true);
    const startedAt = performance.now();
    await submitBusily(queue, ['a', 'b']);
    // 4 ms apart, each after the 2 ms window: no cycle, no turn.
    expect(groups.map((group) => group.names)).toEqual([['first'], ['a'], ['b']]);
    expect(performance.now() - startedAt).toBeLessThan(CYCLE_MS);
  });
});
