/**
 * Push events in the web shell: one long-lived POST to the shell's events route (guarded like
 * bridge calls: session cookie, Origin, bridge header) answered as server-sent events. The
 * stream is reopened with a growing delay whenever it drops (shell restarting, laptop asleep).
 */
import { BRIDGE_HEADER, WEB_EVENTS_PATH } from '../contract/bridge';
import type { PushEventName } from '../contract/events';
import { isPushEventName } from './bridge';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

type Deliver = (event: PushEventName, payload: unknown) => void;

/** Parses one server-sent event block (`event:` and `data:` lines) and delivers it if it is a listed event. */
export function deliverEventBlock(block: string, deliver: Deliver): void {
  let name = '';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (!isPushEventName(name) || data.length === 0) return;
  try {
    deliver(name, JSON.parse(data.join('\n')));
  } catch {
    // A malformed event is dropped; the stream goes on.
  }
}

/** Reads one opened stream until it ends; resolves true if it was ever connected. */
async function readStream(deliver: Deliver): Promise<boolean> {
  const response = await fetch(WEB_EVENTS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [BRIDGE_HEADER]: '1' },
  });
  if (!response.ok || !response.body) return false;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return true;
    buffer += value.replace(/\r\n/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      deliverEventBlock(buffer.slice(0, end), deliver);
      buffer = buffer.slice(end + 2);
    }
  }
}

/** Keeps an event stream open for the page's lifetime. */
export function streamPushEvents(deliver: Deliver): void {
  let delay = FIRST_RETRY_MS;
  const connect = async () => {
    try {
      if (await readStream(deliver)) delay = FIRST_RETRY_MS;
    } catch {
      // Dropped: reconnect below.
    }
    setTimeout(() => void connect(), delay);
    delay = Math.min(LAST_RETRY_MS, delay * 2);
  };
  void connect();
}
