/**
 * Builds `window.desk` from the contract's channel list over any transport (Electron IPC or
 * the web shell's HTTP bridge). Shared by both preloads so they cannot drift apart.
 *
 * Functions resolve with main's `DeskResponse` rather than throwing: custom properties of an
 * Error do not survive Electron's contextBridge, a plain object does.
 */
import { channelNames, type Desk, type DeskResponse } from './contract';

/** Sends one channel invocation to main and resolves with main's typed response. */
export type Invoke = (channel: string, arg: unknown) => Promise<DeskResponse<unknown>>;

/** Creates the frozen `desk` object: one named function per channel, nothing else. */
export function buildDesk(invoke: Invoke): Desk {
  const desk: Record<string, Record<string, (arg?: unknown) => Promise<DeskResponse<unknown>>>> = {};
  for (const name of channelNames) {
    const [domain, verb] = name.split(':') as [string, string];
    const functions = (desk[domain] ??= {});
    functions[verb] = (arg?: unknown) => invoke(name, arg);
  }
  for (const functions of Object.values(desk)) Object.freeze(functions);
  return Object.freeze(desk) as unknown as Desk;
}
