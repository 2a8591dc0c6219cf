import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';

/** electron-builder.yml as electron-builder itself reads it, checked against its schema. */
async function packagingConfig() {
  const config = await getConfig(process.cwd(), null, null);
  await validateConfiguration(config, { add: () => undefined, isEnabled: false } as never);
  return config;
}

describe('packaging (electron-builder.yml)', () => {
  it('flips the Electron fuses that close the runtime to code other than the packaged app (15.11)', async () => {
    const config = await packagingConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Integrity validation and asar-only loading mean nothing without an asar.
    expect(config.asar).toBe(true);
  });

  it('ships nothing that phones home: no publish or update endpoint', async () => {
    const config = await packagingConfig();
    expect(config.publish).toBeNull();
  });
});
