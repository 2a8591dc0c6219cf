/**
 * Every generation step of the universe, in the order they run: the instruments and reference
 * lists first, then the identities (accounts), the applications and the corporate action events,
 * which read the `instruments` table the first steps create.
 *
 * A step's name also labels the random streams it draws from ('reference:bonds',
 * 'book.identities', …). They keep the names they were first given, so a seed keeps making the
 * same universe; they are labels, not the features' words.
 */
import { identitiesStep } from './accounts/identitiesStep';
import { appsStep } from './apps/appsStep';
import { eventSearchStep } from './corporateActions/eventSearchStep';
import { eventsStep } from './corporateActions/eventsStep';
import { instrumentSteps } from './instruments/steps';
import type { GenerationStep } from './universe';

export const generationSteps: readonly GenerationStep[] = [
  ...instrumentSteps,
  identitiesStep,
  appsStep,
  eventsStep,
  eventSearchStep,
];
