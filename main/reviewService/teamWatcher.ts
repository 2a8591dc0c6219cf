/**
 * Membership changes without a restart: the team file is watched (its status polled every
 * couple of seconds, which also follows editors that replace the file and configuration
 * volumes that swap a symlink) and read again when it changes, or on demand (SIGHUP). A file
 * that does not parse, or names another team id, is refused with the reason in the log, and
 * the team stays as it was; one that does takes effect for every request from then on.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { Team } from './team';

export interface TeamWatcher {
  /** Reads the file again now; answers whether the new team was taken. */
  reload(why: string): boolean;
  close(): void;
}

/** How often the file's status is looked at: a change takes effect within about this long. */
const POLL_MS = 2000;

export function watchTeamFile(
  file: string,
  team: Team,
  options: { log: (line: string) => void; onChange: () => void; pollMs?: number },
): TeamWatcher {
  const reload = (why: string): boolean => {
    let removed: string[];
    try {
      removed = team.update(Team.load(file));
    } catch (error) {
      options.log(`team file refused (${why}), the team stays as it was: ${(error as Error).message}`);
      return false;
    }
    options.log(
      `team file read again (${why}): ${team.size} member${team.size === 1 ? '' : 's'}` +
        (removed.length > 0 ? `; no longer members: ${removed.join(', ')}` : ''),
    );
    options.onChange();
    return true;
  };
  const changed = (current: Stats, previous: Stats) => {
    if (
      current.mtimeMs === previous.mtimeMs &&
      current.size === previous.size &&
      current.ino === previous.ino
    )
      return;
    // A file removed (or not yet replaced) is no definition: keep the team until one is back.
    if (current.nlink === 0 && current.mtimeMs === 0) {
      options.log(`team file ${file} is gone: the team stays as it was until it is back`);
      return;
    }
    reload('the file changed');
  };
  watchFile(file, { interval: options.pollMs ?? POLL_MS, persistent: false }, changed);
  return {
    reload,
    close: () => unwatchFile(file, changed),
  };
}
