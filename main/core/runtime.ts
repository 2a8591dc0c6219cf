/**
 * Starts what both shells need behind the window: the embedded simulator (the default
 * connection), the services and the IPC dispatcher.
 */
import { startSimulator, type RunningSimulator } from '../simulator/server';
import { createIpcDispatcher, type IpcDispatch } from './ipc/dispatcher';
import { createIpcHandlers } from './ipc/handlers';
import { createDeskServices, type DeskServices } from './services';

export interface DeskRuntime {
  services: DeskServices;
  simulator: RunningSimulator;
  /** Builds the dispatcher for a shell, given how that shell recognises its own renderer. */
  createDispatcher(isTrustedSender: (url: string) => boolean): IpcDispatch;
  close(): Promise<void>;
}

export interface DeskRuntimeOptions {
  /** Port of the embedded simulator; 0 picks a free one. */
  simulatorPort?: number;
}

export async function startDeskRuntime(options: DeskRuntimeOptions = {}): Promise<DeskRuntime> {
  const simulator = await startSimulator({ port: options.simulatorPort ?? 0 });
  const services = createDeskServices({ baseUrl: simulator.info.baseUrl });
  const handlers = createIpcHandlers(services);
  return {
    services,
    simulator,
    createDispatcher: (isTrustedSender) => createIpcDispatcher({ handlers, isTrustedSender }),
    close: () => simulator.close(),
  };
}
