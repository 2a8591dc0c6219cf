import { describe, expect, it } from 'vitest';
import { nearestSecretExpiry, secretWindowState } from '../../renderer/src/features/apps/logic/secretExpiry';

const now = new Date('2026-03-02T12:00:00Z');
const windows = [
  { SecretId: 1, ValidFrom: '2025-01-01T00:00:00Z', ValidUntil: '2026-01-01T00:00:00Z' },
  { SecretId: 2, ValidFrom: '2026-01-01T00:00:00Z', ValidUntil: '2026-03-06T00:00:00Z' },
  { SecretId: 3, ValidFrom: '2026-03-05T00:00:00Z', ValidUntil: '2027-03-05T00:00:00Z' },
];

describe('the nearest secret expiry badge', () => {
  it('reads each window as past, current or future', () => {
    expect(windows.map((secret) => secretWindowState(secret, now))).toEqual(['past', 'current', 'future']);
  });

  it.each([
    [windows, 'within7', 'Expires in 4 days'],
    [[{ SecretId: 1, ValidUntil: '2026-03-20T00:00:00Z' }], 'within30', 'Expires in 18 days'],
    [[{ SecretId: 1, ValidUntil: '2026-09-01T00:00:00Z' }], 'ok', 'Valid until 2026-09-01'],
    [windows.slice(0, 1), 'expired', 'Expired'],
    [[], 'none', 'No secrets'],
    [[{ SecretId: 1, ValidUntil: '2026-03-09T11:00:00Z' }], 'within7', 'Expires in 7 days'],
  ])('%#: level %s, "%s"', (secrets, level, label) => {
    expect(nearestSecretExpiry(secrets, now)).toMatchObject({ level, label });
  });
});
