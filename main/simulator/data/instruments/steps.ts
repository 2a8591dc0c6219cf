/**
 * Generation steps of the reference-data universe, in order. Fixed content (FX, well-known
 * listings, indices, futures, the big option roots) comes first so its uics are the same at
 * every scale; generated content sized by the scale follows; indexes and the search index last.
 */
import { bondsStep } from './bonds';
import { certificatesStep } from './certificates';
import { generatedEquitiesStep, wellKnownEquitiesStep } from './equitySteps';
import { futuresStep } from './futures';
import { fundsStep } from './funds';
import { fxStep } from './fx';
import { generatedOptionsStep, wellKnownOptionsStep } from './options';
import { REFERENCE_INDEXES, REFERENCE_SCHEMA } from './schema';
import { searchIndexStep } from './searchIndex';
import type { GenerationStep } from '../universe';

const schemaStep: GenerationStep = {
  name: 'reference:schema',
  run: ({ db }) => db.exec(REFERENCE_SCHEMA),
};

const indexesStep: GenerationStep = {
  name: 'reference:indexes',
  run: ({ db }) => db.exec(REFERENCE_INDEXES),
  expectedMs: { small: 50, default: 200, large: 1800 },
};

/**
 * The shares and bonds come first: the corporate action events are made from them, in a
 * worker thread beside the rest of the reference data (universeLanes.ts).
 */
export const instrumentSteps: GenerationStep[] = [
  schemaStep,
  fxStep,
  wellKnownEquitiesStep,
  bondsStep,
  generatedEquitiesStep,
  futuresStep,
  wellKnownOptionsStep,
  fundsStep,
  certificatesStep,
  generatedOptionsStep,
  indexesStep,
  searchIndexStep,
];
