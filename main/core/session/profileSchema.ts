/**
 * Connection profiles as stored in profiles.json (never a secret): the contract's profile
 * fields, with the id every stored profile has.
 */
import { z } from 'zod';
import { profileFields, requireAssertionSettings } from '../../../contract/session';

/** A remote profile as stored in profiles.json. */
export const storedProfileSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/),
    ...profileFields,
    /** Made against the embedded simulator: its addresses are the simulator's current ones, not these. */
    followsEmbeddedSimulator: z.boolean().optional(),
  })
  .strict()
  .superRefine(requireAssertionSettings);
export type StoredProfile = z.output<typeof storedProfileSchema>;

/** The whole profiles.json. */
export const profilesFileSchema = z
  .object({
    version: z.literal(1),
    activeProfileId: z.string(),
    profiles: z.array(storedProfileSchema),
  })
  .strict();
export type ProfilesFile = z.output<typeof profilesFileSchema>;
