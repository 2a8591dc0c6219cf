import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumArguments, writeLaunchFile } from '../../main/web/openInBrowser';

const LAUNCH_URL = 'http://127.0.0.1:43210/launch?key=k3y-only-this-user-may-read&x="<';

describe("the web shell's browser window", () => {
  it('hands Chromium a file only this user can read, never the launch key on its command line (15.5)', async () => {
    const launchFile = await writeLaunchFile(LAUNCH_URL);
    try {
      expect((await stat(launchFile.file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(launchFile.file))).mode & 0o777).toBe(0o700);
      const content = await readFile(launchFile.file, 'utf8');
      // The page moves on to the link at once, the URL escaped for its attribute.
      expect(content).toContain('<meta http-equiv="refresh" content="0;url=http://127.0.0.1:43210/launch?key=k3y-only-this-user-may-read&amp;x=&quot;&lt;">');

      const argv = chromiumArguments(launchFile.file, '/data/web-shell-browser');
      expect(argv.join(' ')).not.toContain('k3y');
      expect(argv).toContain(`--app=file://${launchFile.file}`);
    } finally {
      await launchFile.remove();
    }
    await expect(stat(launchFile.file)).rejects.toThrow(/ENOENT/);
    await launchFile.remove();
  });

  it('runs incognito in its own profile folder, so no history, cache or cookie reaches the disk (15.2)', () => {
    const argv = chromiumArguments('/tmp/x/open-refdesk.html', '/data/web-shell-browser');
    expect(argv).toContain('--incognito');
    expect(argv).toContain('--user-data-dir=/data/web-shell-browser');
    expect(argv).toEqual(expect.arrayContaining(['--disable-background-networking', '--disable-sync', '--disable-component-update']));
  });
});
