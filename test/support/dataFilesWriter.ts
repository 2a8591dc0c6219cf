/**
 * A child process for the kill -9 test: opens the core's profiles and settings on the folder
 * given as its argument and writes both in a loop, printing `ACK n` once write n of each is
 * acknowledged. The test kills it at a moment of its choosing and reads what the files hold.
 */
import { ProfileService } from '../../main/core/session/profileService';
import { MemoryTokenStore } from '../../main/core/secrets/tokenStore';
import { SettingsService } from '../../main/core/settings/settingsService';
import { OFFLINE_EMBEDDED } from './coreDesk';

/** The secret timings written as step `n`: both fields move, so any step can be told apart. */
export function timingsOfStep(n: number): { revealSeconds: number; clipboardClearSeconds: number } {
  return { revealSeconds: 5 + (n % 100), clipboardClearSeconds: 5 + (Math.floor(n / 100) % 290) };
}

/** The name of the profile written as step `n`. */
export const profileNameOfStep = (n: number) => `step-${n}`;

async function writeForever(dataDir: string): Promise<void> {
  const settings = await SettingsService.open(dataDir);
  const profiles = await ProfileService.open({
    dataDir,
    secrets: new MemoryTokenStore(),
    embedded: OFFLINE_EMBEDDED,
  });
  let step = (await profiles.list()).profiles.filter((profile) => profile.kind === 'remote').length;
  for (;;) {
    await profiles.save({
      name: profileNameOfStep(step),
      baseUrl: 'https://gateway.example.com/openapi',
      authUrl: 'https://auth.example.com/auth',
      appKey: `key-${step}`,
      redirectUri: 'http://127.0.0.1/refdesk/callback',
      flow: 'code',
    });
    await settings.saveSecrets(timingsOfStep(step));
    process.stdout.write(`ACK ${step}\n`);
    step += 1;
  }
}

if (process.argv[2]) {
  await writeForever(process.argv[2]);
}
