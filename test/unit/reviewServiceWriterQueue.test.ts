import { describe, expect, it } from 'vitest';
import { WriterQueue, type Queued } from '../../main/reviewService/review/writerQueue';

type Job = { name: string; actions: unknown[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue whose writes take `writeMs` and settle each request with its group's size. */
function queueWritingIn(writeMs: number, onWritten?: (groupIndex: number) => void) {
  const groups: string[][] = [];
  const queue = new WriterQueue<Job, number>(async (group: Queued<Job, number>[]) => {
    const index = groups.push(group.map((queued) => queued.job.name)) - 1;
    await sleep(writeMs);
    for (const queued of group) queued.resolve(group.length);
    onWritten?.(index);
  });
  return { queue, groups };
}

const job = (name: string): Job => ({ name, actions: [{}] });

describe('the review writer queue', () => {
  it('writes a lone request at once, without waiting for others', () => {
    const { queue, groups } = queueWritingIn(1);
    void queue.submit(job('lone'));
    // Written in the same turn: no gather window for a queue that was idle.
    expect(groups).toEqual([['lone']]);
  });

  it('while requests keep arriving, waits a moment so one that comes just after the write joins the group', async () => {
    let late: Promise<number> | undefined;
    const { queue, groups } = queueWritingIn(5, (index) => {
      // A desk's request that arrives about a millisecond after the first group was committed.
      if (index === 0) setTimeout(() => (late = queue.submit(job('late'))), 0);
    });
    const answers = [queue.submit(job('first')), queue.submit(job('second')), queue.submit(job('third'))];
    await Promise.all(answers);
    await late;
    // Without the window: [first], [second, third], [late]: one more transaction and commit.
    expect(groups).toEqual([['first'], ['second', 'third', 'late']]);
  });

  it('hands a group, once, the requests that queued while it waited (for the team lock), within its limits', async () => {
    const groups: string[][] = [];
    const tookMore: string[][] = [];
    const queue = new WriterQueue<Job, number>(async (group, more) => {
      await sleep(5); // review_begin waiting for another replica's lock
      const added = more();
      tookMore.push(
        added.map((queued) => queued.job.name),
        more().map((queued) => queued.job.name),
      );
      const all = [...group, ...added];
      groups.push(all.map((queued) => queued.job.name));
      for (const queued of all) queued.resolve(all.length);
    }, { gatherMs: 0 });
    const first = queue.submit(job('first'));
    const queued = ['a', 'b', 'c'].map((name) => queue.submit(job(name)));
    await Promise.all([first, ...queued]);
    // Without it: [first], [a, b, c]: a second transaction, lock and commit.
    expect(groups).toEqual([['first', 'a', 'b', 'c']]);
    // Once only: a second call hands nothing.
    expect(tookMore).toEqual([['a', 'b', 'c'], []]);
    // At most 64 requests per group, whatever queued meanwhile.
    const big: string[][] = [];
    const limited = new WriterQueue<Job, number>(async (group, more) => {
      await sleep(1);
      const all = [...group, ...more()];
      big.push(all.map((queued) => queued.job.name));
      for (const queued of all) queued.resolve(all.length);
    }, { gatherMs: 0 });
    await Promise.all(Array.from({ length: 100 }, (_, index) => limited.submit(job(`r${index}`))));
    expect(big.map((group) => group.length)).toEqual([64, 36]);
  });
});
