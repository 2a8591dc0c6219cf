/**
 * Generation steps of the book: identities, corporate action events, the application directory.
 * They run after the reference steps and read the `instruments` table those create.
 */
import type { GenerationStep } from '../universe';
import { appsStep } from './appsStep';
import { eventsStep } from './corporateActionsStep';
import { eventSearchStep } from './eventSearchStep';
import { identitiesStep } from './identitiesStep';

export const bookSteps: GenerationStep[] = [identitiesStep, appsStep, eventsStep, eventSearchStep];
