/**
 * Limits of the search inputs, the same as main's checks of the search's argument: the box
 * stops at the limit instead of sending what main would refuse. The annotation makes the
 * compiler hold this number to the contract's.
 */
import type { MAX_SEARCH_TEXT } from '../../../../../contract/instruments';

/** Longest search text (contract/instruments MAX_SEARCH_TEXT). */
export const SEARCH_TEXT_MAX_LENGTH: typeof MAX_SEARCH_TEXT = 255;
