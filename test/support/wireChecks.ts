/**
 * Checks of the service's wire conventions for the simulator's integration tests: feeds followed
 * through __next, no nulls and UTC date-times on whole responses, and the 400 naming a parameter.
 */
import { expect } from 'vitest';
import type { Feed } from '../../contract/wire/types';
import type { TestSimulator } from './testSimulator';

/** Every item of a feed, following __next to the end; also returns the pages' __count and the __next links seen. */
export async function collectFeed<T>(
  sim: TestSimulator,
  path: string,
): Promise<{ items: T[]; counts: number[]; links: string[] }> {
  const items: T[] = [];
  const counts: number[] = [];
  const links: string[] = [];
  let next: string | undefined = path;
  while (next !== undefined) {
    const response: { status: number; text: string; body: Feed<T> } = await sim.get<Feed<T>>(next);
    expect(response.status, `${next}: ${response.text.slice(0, 200)}`).toBe(200);
    items.push(...response.body.Data);
    counts.push(response.body.__count!);
    next = response.body.__next;
    if (next !== undefined) links.push(next);
    if (links.length > 500) throw new Error('Too many pages');
  }
  return { items, counts, links };
}

/** The service sends absent fields, never nulls. */
export function expectNoNulls(value: unknown, path = '$'): void {
  if (value === null) throw new Error(`null at ${path}`);
  if (Array.isArray(value)) value.forEach((item, index) => expectNoNulls(item, `${path}[${index}]`));
  else if (typeof value === 'object')
    for (const [key, item] of Object.entries(value as object)) expectNoNulls(item, `${path}.${key}`);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Every string that looks like a date-time is UTC ending in Z. */
export function expectUtcDateTimes(value: unknown, path = '$'): void {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) expect(value, path).toMatch(DATE_TIME);
  else if (Array.isArray(value))
    value.forEach((item, index) => expectUtcDateTimes(item, `${path}[${index}]`));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) expectUtcDateTimes(item, `${path}.${key}`);
}

/** A 400 with the service's error shape naming `parameter` in ModelState (and the given code). */
export function expectBadParameter(
  response: { status: number; body: unknown },
  parameter: string,
  errorCode?: string,
): void {
  expect(response.status).toBe(400);
  const body = response.body as { ErrorCode: string; Message: string; ModelState?: Record<string, string[]> };
  expect(body.ErrorCode).toEqual(errorCode ?? expect.any(String));
  expect(body.Message).toEqual(expect.any(String));
  expect(Object.keys(body.ModelState ?? {}).map((key) => key.toLowerCase())).toContain(
    parameter.toLowerCase(),
  );
}
