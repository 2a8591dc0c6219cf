/**
 * When an application's secrets run out: each secret's window (past, current, future) and the
 * nearest expiry as a badge level, expired or within 7 or 30 days.
 */

/** A secret's validity window (no value). */
export interface SecretValidity {
  SecretId: number;
  ValidFrom?: string;
  ValidUntil?: string;
}

const DAY_MS = 86_400_000;

/** Where `now` falls in a secret's window. An absent bound is open. */
export function secretWindowState(secret: SecretValidity, now: Date): 'past' | 'current' | 'future' {
  const from = secret.ValidFrom ? Date.parse(secret.ValidFrom) : Number.NEGATIVE_INFINITY;
  const until = secret.ValidUntil ? Date.parse(secret.ValidUntil) : Number.POSITIVE_INFINITY;
  if (until <= now.getTime()) return 'past';
  if (from > now.getTime()) return 'future';
  return 'current';
}

export type SecretExpiryLevel = 'none' | 'expired' | 'within7' | 'within30' | 'ok';

export interface SecretExpiry {
  level: SecretExpiryLevel;
  /** The nearest ValidUntil not yet passed (ISO), when there is one. */
  nearest?: string;
  /** Whole days until it, rounded up (a secret ending in 3 hours is "1 day"). */
  days?: number;
  /** The badge text. */
  label: string;
}

/**
 * The nearest expiry among the secrets that have not expired yet: "Expired" when every secret
 * has, otherwise the days left, at level within7 (7 days or fewer) or within30 (30 or fewer).
 * A secret without an end never expires.
 */
export function nearestSecretExpiry(secrets: readonly SecretValidity[] | undefined, now: Date): SecretExpiry {
  if (!secrets || secrets.length === 0) return { level: 'none', label: 'No secrets' };
  const live = secrets.filter((secret) => secretWindowState(secret, now) !== 'past');
  if (live.length === 0) return { level: 'expired', label: 'Expired' };
  const ends = live
    .filter((secret) => secret.ValidUntil)
    .map((secret) => Date.parse(secret.ValidUntil as string));
  if (ends.length === 0) return { level: 'ok', label: 'Never expires' };
  const nearest = Math.min(...ends);
  const days = Math.ceil((nearest - now.getTime()) / DAY_MS);
  const iso = new Date(nearest).toISOString();
  const label = `Expires in ${days} day${days === 1 ? '' : 's'}`;
  if (days <= 7) return { level: 'within7', nearest: iso, days, label };
  if (days <= 30) return { level: 'within30', nearest: iso, days, label };
  return { level: 'ok', nearest: iso, days, label: `Valid until ${iso.slice(0, 10)}` };
}
