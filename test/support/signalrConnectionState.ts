/**
 * openapi-clientlib imports `HubConnectionState` from `@microsoft/signalr` (a development
 * dependency of its own, not shipped) for its SignalR Core transport. The tests use its plain
 * WebSocket transport only; vitest.config.ts points that import here, with SignalR's values.
 */
export enum HubConnectionState {
  Disconnected = 'Disconnected',
  Connecting = 'Connecting',
  Connected = 'Connected',
  Disconnecting = 'Disconnecting',
  Reconnecting = 'Reconnecting',
}
