/**
 * The generated listings the worker draws and hands to the main thread arrive as drawn: the
 * rows the main thread writes from them are those it would have drawn itself, every text
 * (accents included), price, lot and flag intact, and a message that does not add up is refused.
 * The worker draws them before it lists the bonds written before them: they do not read those.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bondsStep } from '../../main/simulator/data/instruments/bonds';
import { listedShareRows, type ShareInput } from '../../main/simulator/data/instruments/equities';
import {
  generatedEquitiesStep,
  wellKnownEquitiesStep,
} from '../../main/simulator/data/instruments/equitySteps';
import { REFERENCE_SCHEMA } from '../../main/simulator/data/instruments/schema';
import {
  decodeShareInputs,
  encodeShareInputs,
  type DrawnShares,
} from '../../main/simulator/data/instruments/shareInputs';
import { randomStream } from '../../main/simulator/data/random';
import type { GenerationContext } from '../../main/simulator/data/universe';

function contextAfterWellKnownListings(): GenerationContext {
  const db = new Database(':memory:');
  db.exec(REFERENCE_SCHEMA);
  const context: GenerationContext = {
    db,
    seed: 5,
    scale: 'small',
    asOf: new Date('2026-11-27T00:00:00Z'),
    random: (name) => randomStream(5, name),
    advance: () => undefined,
  };
  wellKnownEquitiesStep.run(context);
  return context;
}

describe('the generated listings handed from the worker to the main thread', () => {
  it('are the listings the step draws, and the rows written from them are those it writes alone', () => {
    const draws = generatedEquitiesStep.listDraws!(contextAfterWellKnownListings());
    const handOver = draws.handOver!;
    const drawn = decodeShareInputs(handOver.message as DrawnShares);
    expect(drawn.length).toBeGreaterThan(50);
    expect(handOver.transfer).toEqual([(handOver.message as DrawnShares).numbers.buffer]);
    const drawnAgain = [...generatedEquitiesStep.listDraws!(contextAfterWellKnownListings()).listed];
    expect(drawn.flatMap(listedShareRows)).toEqual(drawnAgain);
    expect([...draws.listed]).toEqual(drawnAgain);

    // The main thread writes the same rows from the listings handed over as from its own draws.
    const rows = (context: GenerationContext) =>
      context.db.prepare('SELECT * FROM instruments ORDER BY uic, asset_type').all();
    const alone = contextAfterWellKnownListings();
    generatedEquitiesStep.run(alone);
    const handedOver = contextAfterWellKnownListings();
    handedOver.handedOver = () => handOver.message;
    generatedEquitiesStep.run(handedOver);
    expect(rows(handedOver)).toEqual(rows(alone));
  });

  it('are drawn alike with or without the bonds written before them (the worker draws them first)', () => {
    const withoutBonds = generatedEquitiesStep.listDraws!(contextAfterWellKnownListings());
    const context = contextAfterWellKnownListings();
    bondsStep.run(context);
    expect(
      context.db.prepare("SELECT count(*) FROM instruments WHERE asset_type = 'Bond'").pluck().get(),
    ).toBeGreaterThan(50);
    const withBonds = generatedEquitiesStep.listDraws!(context);
    expect(withBonds.listed).toEqual(withoutBonds.listed);
    expect(decodeShareInputs(withBonds.handOver!.message as DrawnShares)).toEqual(
      decodeShareInputs(withoutBonds.handOver!.message as DrawnShares),
    );
  });

  it('keeps every field of a listing exactly, and refuses a message that does not add up', () => {
    const listings: ShareInput[] = [
      {
        uic: 1_200_001,
        assetType: 'Etc',
        ticker: '130A',
        name: 'Société Générale Physical Gold ETC — Zürich',
        mic: 'XSWX',
        currency: 'CHF',
        isin: 'CH0123456789',
        price: 0.1 + 0.2,
        lot: 500,
        primaryListing: 1_200_000,
        isTradable: false,
        withCfd: true,
      },
      {
        uic: 1_200_002,
        assetType: 'Stock',
        ticker: 'NOVO B',
        name: 'Nordisk Øre A/S',
        mic: 'XCSE',
        currency: 'DKK',
        isin: 'DK0060534915',
        price: 1234.5678,
        lot: 1,
        primaryListing: 1_200_002,
        isTradable: true,
        withCfd: false,
      },
    ];
    expect(decodeShareInputs(encodeShareInputs(listings))).toEqual(listings);
    expect(decodeShareInputs(encodeShareInputs([]))).toEqual([]);

    const { numbers } = encodeShareInputs(listings);
    expect(() => decodeShareInputs({ numbers, texts: 'Stock\u0000AAPL' })).toThrow(/do not add up/);
    expect(() => encodeShareInputs([{ ...listings[0]!, name: 'A\u0000B' }])).toThrow(/NUL/);
  });
});
