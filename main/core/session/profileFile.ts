/**
 * profiles.json under the user data folder: read leniently (every valid profile is kept, the
 * rest reported), changed one change at a time and written atomically and durably with
 * owner-only permissions (see dataFiles.ts). A file RefDesk cannot use is copied aside before
 * anything overwrites it, so a hand edit gone wrong is never lost.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EMBEDDED_PROFILE_ID } from '../../../contract/session';
import { inFileOrder, keepUnreadableCopy, replaceFile, tidyDataFile } from '../dataFiles';
import { storedProfileSchema, type ProfilesFile, type StoredProfile } from './profileSchema';

export const PROFILES_FILE_NAME = 'profiles.json';

/** What reading the file gave: the usable content and, when something was wrong, what. */
export interface ProfilesFileRead {
  content: ProfilesFile;
  problem?: string;
}

const envelopeSchema = z.object({
  version: z.literal(1),
  activeProfileId: z.string().optional(),
  profiles: z.array(z.unknown()).optional(),
});

/** The content of a fresh install: only the embedded simulator, and it is active. */
export function emptyProfilesFile(): ProfilesFile {
  return { version: 1, activeProfileId: EMBEDDED_PROFILE_ID, profiles: [] };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Reads profiles.json; a missing file is a fresh install, a broken one is backed up and reported.
 * Leftovers of a write a crash interrupted are removed first.
 */
export async function readProfilesFile(file: string, now: Date = new Date()): Promise<ProfilesFileRead> {
  await tidyDataFile(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { content: emptyProfilesFile() };
    return {
      content: emptyProfilesFile(),
      problem: `${file} could not be read (${(error as Error).message}); RefDesk uses the built-in profile until it is fixed.`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const backup = await keepUnreadableCopy(file, now);
    return {
      content: emptyProfilesFile(),
      problem: `${path.basename(file)} is not valid JSON (${(error as Error).message}). It was kept as ${backup}; RefDesk started with the built-in profile.`,
    };
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    const backup = await keepUnreadableCopy(file, now);
    return {
      content: emptyProfilesFile(),
      problem: `${path.basename(file)} is not a RefDesk profiles file (${describeIssues(envelope.error)}). It was kept as ${backup}.`,
    };
  }
  const profiles: StoredProfile[] = [];
  const rejected: string[] = [];
  for (const [index, candidate] of (envelope.data.profiles ?? []).entries()) {
    const parsed = storedProfileSchema.safeParse(candidate);
    if (parsed.success && !profiles.some((profile) => profile.id === parsed.data.id)) profiles.push(parsed.data);
    else rejected.push(`profile ${index + 1}${parsed.success ? ': duplicate id' : `: ${describeIssues(parsed.error)}`}`);
  }
  const active = envelope.data.activeProfileId;
  const activeProfileId = active && profiles.some((profile) => profile.id === active) ? active : EMBEDDED_PROFILE_ID;
  if (rejected.length === 0) return { content: { version: 1, activeProfileId, profiles } };
  const backup = await keepUnreadableCopy(file, now);
  return {
    content: { version: 1, activeProfileId, profiles },
    problem: `Some profiles in ${path.basename(file)} were not valid and were left out (${rejected.join('; ')}). The original file was kept as ${backup}.`,
  };
}

/**
 * Changes profiles.json: `change` gets the content as the previous change left it and answers
 * the new content, which is written atomically and durably (readable by the user only) before
 * the promise resolves with it. Changes run one at a time in the order asked, so concurrent
 * saves, choices and deletions never overwrite each other; a change that throws writes nothing.
 */
export function changeProfilesFile(
  file: string,
  current: () => ProfilesFile,
  change: (content: ProfilesFile) => ProfilesFile | Promise<ProfilesFile>,
): Promise<ProfilesFile> {
  return inFileOrder(file, async () => {
    const next = await change(current());
    await replaceFile(file, `${JSON.stringify(next, null, 2)}\n`);
    return next;
  });
}
