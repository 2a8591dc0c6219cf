/**
 * Connection profiles: the built-in embedded simulator and the user's remote profiles, which one
 * is active, and each profile's AppSecret (kept in the token store, never in profiles.json).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { appSecretAccount, sessionAccount, type TokenStore } from '../secrets/tokenStore';
import { appSecretProblem, assertionFileProblems } from './profileChecks';
import { changeProfilesFile, PROFILES_FILE_NAME, readProfilesFile } from './profileFile';
import {
  EMBEDDED_PROFILE_ID,
  type ParsedProfileInput,
  type ProfilesList,
  type ProfileView,
} from '../../../contract/session';
import type { ProfilesFile, StoredProfile } from './profileSchema';

/** A profile with everything the session needs to connect (no secret). */
export type ConnectionProfile = Omit<ProfileView, 'hasAppSecret'>;

/** The embedded simulator's connection, from the simulator RefDesk started. */
export interface EmbeddedConnection {
  baseUrl: string;
  authUrl: string;
  /** The simulator's demo app. */
  appKey: string;
  appSecret?: string;
  redirectUri: string;
}

/** A failure of a profile operation, with per-field messages the form shows. */
export class ProfileError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ProfileError';
  }
}

const CONNECTION_FIELDS = ['baseUrl', 'authUrl', 'appKey', 'redirectUri', 'flow'] as const;
/** Where the AppSecret is sent and for which application: changing either drops the stored secret. */
const SECRET_BOUND_FIELDS = ['authUrl', 'appKey'] as const;

export class ProfileService {
  private readonly listeners = new Set<(profileId: string) => void>();

  private constructor(
    private readonly file: string,
    private content: ProfilesFile,
    private readonly problem: string | undefined,
    private readonly secrets: TokenStore,
    private readonly embedded: EmbeddedConnection,
  ) {}

  /** Reads `profiles.json` in `dataDir` (a broken file is backed up and reported, never lost). */
  static async open(options: { dataDir: string; secrets: TokenStore; embedded: EmbeddedConnection }): Promise<ProfileService> {
    const file = path.join(options.dataDir, PROFILES_FILE_NAME);
    const read = await readProfilesFile(file);
    return new ProfileService(file, read.content, read.problem, options.secrets, options.embedded);
  }

  /** Called with a profile's id when its connection settings change or it is deleted. */
  onConnectionChanged(listener: (profileId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The built-in profile signs in with code + PKCE in both shells: no token in any URL, and a
   * refresh token that keeps a trader signed in for the day (15.2, 17.8).
   */
  private embeddedProfile(): ConnectionProfile {
    const { baseUrl, authUrl, appKey, redirectUri } = this.embedded;
    return { id: EMBEDDED_PROFILE_ID, name: 'Embedded simulator', kind: 'embedded', baseUrl, authUrl, appKey, redirectUri, flow: 'code' };
  }

  /**
   * A stored profile as it connects now: one made against the embedded simulator takes the
   * simulator's current addresses (its port changes between runs), never the ones saved.
   */
  private remote(stored: StoredProfile): ConnectionProfile {
    if (!stored.followsEmbeddedSimulator) return { ...stored, kind: 'remote' };
    return { ...stored, kind: 'remote', baseUrl: this.embedded.baseUrl, authUrl: this.embedded.authUrl };
  }

  /** True when `input` names the embedded simulator's current addresses. */
  private isEmbeddedAddress(input: { baseUrl: string; authUrl: string }): boolean {
    return input.baseUrl === this.embedded.baseUrl && input.authUrl === this.embedded.authUrl;
  }

  /** The profile with `id`, or undefined. */
  get(id: string): ConnectionProfile | undefined {
    if (id === EMBEDDED_PROFILE_ID) return this.embeddedProfile();
    const stored = this.content.profiles.find((profile) => profile.id === id);
    return stored ? this.remote(stored) : undefined;
  }

  /** The active profile (the embedded simulator unless the user chose another). */
  active(): ConnectionProfile {
    return this.get(this.content.activeProfileId) ?? this.embeddedProfile();
  }

  /** The AppSecret of a profile: the simulator's for the embedded one, the stored one otherwise. */
  async appSecret(id: string): Promise<string | undefined> {
    if (id === EMBEDDED_PROFILE_ID) return this.embedded.appSecret;
    return this.secrets.get(appSecretAccount(id));
  }

  /** Every profile, the active one and any problem reading the file. */
  async list(): Promise<ProfilesList> {
    const all = [this.embeddedProfile(), ...this.content.profiles.map((stored) => this.remote(stored))];
    const profiles = await Promise.all(
      all.map(async (profile) => ({ ...profile, hasAppSecret: (await this.appSecret(profile.id)) !== undefined })),
    );
    return { profiles, activeProfileId: this.active().id, ...(this.problem ? { problem: this.problem } : {}) };
  }

  /**
   * Creates or updates a remote profile. Refused with per-field messages: a name taken, and for
   * the signed-assertion flow certificate and key files that do not parse or do not match, or no
   * AppSecret. A profile saved with the embedded simulator's addresses follows that simulator.
   */
  async save(input: ParsedProfileInput): Promise<ProfileView> {
    if (input.id === EMBEDDED_PROFILE_ID) throw new ProfileError('The embedded simulator profile cannot be changed.');
    const existing = input.id ? this.content.profiles.find((profile) => profile.id === input.id) : undefined;
    if (input.id && !existing) throw new ProfileError('This profile no longer exists; it may have been deleted.');
    if (this.content.profiles.some((profile) => profile.name === input.name && profile.id !== input.id)) {
      throw new ProfileError('Another profile has this name.', { name: ['Another profile has this name.'] });
    }
    const { appSecret, forgetAppSecret, id: _id, ...settings } = input;
    const stored: StoredProfile = {
      id: existing?.id ?? randomUUID(),
      ...settings,
      ...(this.isEmbeddedAddress(input) ? { followsEmbeddedSimulator: true } : {}),
    };
    const before = existing && this.remote(existing);
    // The AppSecret belongs to one application at one authorization server: a profile pointed at
    // another server or AppKey loses it (the user enters it again), so a compromised renderer
    // cannot have main send it elsewhere (15.7). Deleted before the new address is written, so
    // no crash in between leaves the old secret with the new address.
    const secretFollowsAddress = before !== undefined && SECRET_BOUND_FIELDS.some((field) => before[field] !== stored[field]);
    const secretKept =
      existing !== undefined && !forgetAppSecret && !secretFollowsAddress && (await this.appSecret(existing.id)) !== undefined;
    const problems = { ...(await assertionFileProblems(input)), ...appSecretProblem(input, secretKept) };
    if (Object.keys(problems).length) {
      throw new ProfileError('The signed-assertion settings cannot be used; see the marked fields.', problems);
    }
    if (forgetAppSecret || secretFollowsAddress) await this.secrets.delete(appSecretAccount(stored.id));
    await this.change((content) => {
      // Checked again in the file's order: a concurrent save may have taken the name or deleted the profile.
      if (content.profiles.some((profile) => profile.name === stored.name && profile.id !== stored.id)) {
        throw new ProfileError('Another profile has this name.', { name: ['Another profile has this name.'] });
      }
      if (existing && !content.profiles.some((profile) => profile.id === stored.id)) {
        throw new ProfileError('This profile no longer exists; it may have been deleted.');
      }
      const profiles = existing
        ? content.profiles.map((profile) => (profile.id === stored.id ? stored : profile))
        : [...content.profiles, stored];
      return { ...content, profiles };
    });
    if (appSecret !== undefined) await this.secrets.set(appSecretAccount(stored.id), appSecret);
    const after = this.remote(stored);
    if (before && CONNECTION_FIELDS.some((field) => before[field] !== after[field])) this.connectionChanged(stored.id);
    return { ...this.remote(stored), hasAppSecret: (await this.appSecret(stored.id)) !== undefined };
  }

  /** Deletes a remote profile with its AppSecret and stored session; the embedded one becomes active if it was. */
  async delete(id: string): Promise<void> {
    if (id === EMBEDDED_PROFILE_ID) throw new ProfileError('The embedded simulator profile cannot be deleted.');
    await this.change((content) => {
      if (!content.profiles.some((profile) => profile.id === id)) throw new ProfileError('No such profile.');
      const activeProfileId = content.activeProfileId === id ? EMBEDDED_PROFILE_ID : content.activeProfileId;
      return { ...content, activeProfileId, profiles: content.profiles.filter((profile) => profile.id !== id) };
    });
    await this.secrets.delete(appSecretAccount(id));
    await this.secrets.delete(sessionAccount(id));
    this.connectionChanged(id);
  }

  /** Makes `id` the active profile (remembered across restarts). */
  async choose(id: string): Promise<ConnectionProfile> {
    let profile: ConnectionProfile | undefined;
    await this.change((content) => {
      profile = this.get(id);
      if (!profile) throw new ProfileError('No such profile.');
      return { ...content, activeProfileId: id };
    });
    return profile as ConnectionProfile;
  }

  /** Applies `change` to the content as the previous change left it; memory follows once the file is written. */
  private async change(change: (content: ProfilesFile) => ProfilesFile): Promise<void> {
    this.content = await changeProfilesFile(this.file, () => this.content, change);
  }

  private connectionChanged(id: string): void {
    for (const listener of this.listeners) listener(id);
  }
}
