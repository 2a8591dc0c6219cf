/**
 * A child process for the watchlists' kill -9 test: opens the core's watchlists on the folder
 * given as its argument and adds one instrument after another to one list, printing `ACK n`
 * once instrument n is acknowledged. The test kills it at a moment of its choosing and reads
 * what watchlists.json holds.
 */
import { WatchlistsService } from '../../main/core/watchlists/watchlistsService';

/** The owner the writer writes for. */
export const WRITER_OWNER = 'embedded|17340521';

/** The uic of the instrument added as step `n`. */
export const uicOfStep = (n: number) => 1000 + n;

async function writeForever(dataDir: string): Promise<void> {
  const watchlists = await WatchlistsService.open(dataDir);
  let view = watchlists.view(WRITER_OWNER);
  if (view.lists.length === 0) view = await watchlists.create(WRITER_OWNER, 'Killed');
  const id = view.lists[0]?.id ?? '';
  let step = view.lists[0]?.items.length ?? 0;
  for (;;) {
    await watchlists.add(WRITER_OWNER, id, [
      { uic: uicOfStep(step), assetType: 'Stock', symbol: `S${step}`, description: `Step ${step}` },
    ]);
    process.stdout.write(`ACK ${step}\n`);
    step += 1;
  }
}

if (process.argv[2]) {
  await writeForever(process.argv[2]);
}
