/**
 * Every generation step of the universe, in the order they run.
 */
import { bookSteps } from './book/steps';
import { referenceSteps } from './reference/steps';
import type { GenerationStep } from './universe';

export const generationSteps: readonly GenerationStep[] = [...referenceSteps, ...bookSteps];
