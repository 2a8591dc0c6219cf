/**
 * The only module that touches `window.desk`: unwraps main's responses into values or a typed
 * DeskCallError that views can show in words.
 */
import type { Desk, DeskErrorShape, DeskResponse } from '../../../preload/contract';

/** A failed call to main, with the typed shape main sent. */
export class DeskCallError extends Error implements DeskErrorShape {
  readonly code: string;
  readonly status?: number;
  readonly fields?: Record<string, string[]>;

  constructor(shape: DeskErrorShape) {
    super(shape.message);
    this.name = 'DeskCallError';
    this.code = shape.code;
    if (shape.status !== undefined) this.status = shape.status;
    if (shape.fields !== undefined) this.fields = shape.fields;
  }
}

/** The bridge, or a clear failure when the page was opened without one. */
export function desk(): Desk {
  if (!window.desk) {
    throw new DeskCallError({ code: 'NoBridge', message: 'RefDesk was opened without its bridge to the main process.' });
  }
  return window.desk;
}

/** Resolves a bridge call to its result, or throws DeskCallError. */
export async function unwrap<T>(pending: Promise<DeskResponse<T>>): Promise<T> {
  const response = await pending;
  if (response.ok) return response.result;
  throw new DeskCallError(response.error);
}
