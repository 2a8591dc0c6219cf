/**
 * The one `handle()` path of every IPC call, for both shells: refuse unknown channels and
 * untrusted senders, parse the argument with the contract's schema before any work, and turn
 * every failure into the typed `{code, message, status?, fields?}` shape.
 */
import { type z } from 'zod';
import { channels, type ChannelName, type ParsedArgOf, type ResultOf } from '../../../contract/channels';
import { type DeskErrorShape, type DeskResponse } from '../../../contract/bridge';
import { inWords, refusalSummary } from '../../../contract/refusals';
import { ServiceCallError } from '../api/errors';
import type { PushEventBus } from '../events';

/** Who sent an IPC call, as the shell observed it (never as the renderer claims). */
export interface IpcSender {
  /** URL of the sending frame. */
  url: string;
  /** False for subframes: only the app's own top-level frame may call main. */
  isMainFrame: boolean;
}

/** Per-call context handed to handlers. */
export interface IpcCallContext {
  /** Aborted when the renderer's call is superseded or the shell goes away. */
  signal: AbortSignal;
}

export type IpcHandlers = {
  [C in ChannelName]: (arg: ParsedArgOf<C>, context: IpcCallContext) => Promise<ResultOf<C>>;
};

export interface IpcDispatcherOptions {
  handlers: IpcHandlers;
  /** True when the URL belongs to the app's own renderer (app:// in Electron, the shell's origin on the web). */
  isTrustedSender: (url: string) => boolean;
  /** Push events for the shell to forward to its renderer. */
  events?: PushEventBus;
}

/**
 * Main's side of the bridge for one shell: calls in (`dispatch(channel, arg, sender, signal)`)
 * and, when the runtime has them, push events out (`events`, which the shell forwards).
 */
export interface IpcDispatch {
  (channel: string, rawArg: unknown, sender: IpcSender, signal?: AbortSignal): Promise<DeskResponse<unknown>>;
  /** The trust rule this dispatcher applies, for the shell's other routes (cancel, events). */
  readonly isTrustedSender: (url: string) => boolean;
  readonly events?: PushEventBus;
}

function isChannelName(channel: string): channel is ChannelName {
  return Object.hasOwn(channels, channel);
}

/** Field messages of a zod failure keyed by path (`(argument)` for the whole value), in words (contract/refusals). */
function zodFields(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '(argument)';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Maps anything thrown by a handler to the bridge's error shape without leaking internals. */
export function toDeskError(error: unknown): DeskErrorShape {
  if (error instanceof ServiceCallError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.details.fields ? { fields: error.details.fields } : {}),
    };
  }
  if (error instanceof DeskError) return error.shape;
  return {
    code: 'InternalError',
    message: 'RefDesk failed to complete the request; see the application log.',
  };
}

/** An error a handler raises on purpose, carrying the exact shape the renderer should see. */
export class DeskError extends Error {
  constructor(readonly shape: DeskErrorShape) {
    super(shape.message);
    this.name = 'DeskError';
  }
}

/** Builds the one `handle()` path of a shell from the handlers and its trust rule. */
export function createIpcDispatcher(options: IpcDispatcherOptions): IpcDispatch {
  const dispatch = async (
    channel: string,
    rawArg: unknown,
    sender: IpcSender,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<DeskResponse<unknown>> => {
    if (!isChannelName(channel)) {
      return {
        ok: false,
        error: { code: 'UnknownChannel', message: `No such channel: ${channel.slice(0, 80)}` },
      };
    }
    if (!sender.isMainFrame || !options.isTrustedSender(sender.url)) {
      return {
        ok: false,
        error: { code: 'ForbiddenSender', message: 'Calls are accepted only from the RefDesk window.' },
      };
    }
    const parsed = channels[channel].arg.safeParse(rawArg, { error: inWords });
    if (!parsed.success) {
      const fields = zodFields(parsed.error);
      return { ok: false, error: { code: 'InvalidArgument', message: refusalSummary(fields), fields } };
    }
    try {
      const handler = options.handlers[channel] as (
        arg: unknown,
        context: IpcCallContext,
      ) => Promise<unknown>;
      return { ok: true, result: await handler(parsed.data, { signal }) };
    } catch (error) {
      if (!(error instanceof ServiceCallError) && !(error instanceof DeskError)) {
        console.error(`[ipc] ${channel} failed:`, error instanceof Error ? error.message : error);
      }
      return { ok: false, error: toDeskError(error) };
    }
  };
  return Object.assign(dispatch, {
    isTrustedSender: options.isTrustedSender,
    ...(options.events ? { events: options.events } : {}),
  });
}
