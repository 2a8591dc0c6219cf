/**
 * Generation steps of the reference-data universe (exchanges, FX, stocks, futures, options...).
 */
import type { GenerationStep } from '../universe';

export const referenceSteps: GenerationStep[] = [];
