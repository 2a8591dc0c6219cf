/**
 * The subscriptions main holds on the service for what the views show, kept in step with it:
 *
 * - instruments: one InfoPrice list subscription (`Uics`) per asset type (and per 500 uics),
 *   replaced (`ReplaceReferenceId`) whenever its instruments change;
 * - option chains: one option chain subscription per root, its windows moved (PATCH) to the
 *   strikes and expiries on screen (chainStream.ts);
 * - what no view shows any more is unsubscribed (DELETE) and its quotes dropped.
 *
 * Work is done one step at a time, in order; a change asked for meanwhile is folded into the
 * next round. A refusal of the service (an instrument it does not quote) is kept as the
 * instruments' problem until what is wanted changes; a failure to reach it is tried again.
 */
import { keepChainQuotes, readChainQuotes } from './chainQuotes';
import { ChainStream, type ChainWindows } from './chainStream';
import {
  heldRecord,
  INFO_PRICES,
  OPTIONS_CHAIN,
  QuoteOwners,
  refusedForGood,
  type ChainSubscription,
  type Held,
  type ListSubscription,
} from './heldSubscriptions';
import { quoteKeyOf, type QuoteBook } from './quoteBook';
import type { WantedChain, WantedPrices } from './priceWatches';
import type { TradeRequests } from './tradeRequests';

/** Most uics of one list subscription (the platform's limit is higher; smaller lists replace cheaper). */
const UICS_PER_LIST = 500;
const FIELD_GROUPS = 'Quote,PriceInfo,PriceInfoDetails,DisplayAndFormat';
const RETRY_MS = 2000;

export interface PriceSubscriptionsOptions {
  requests: TradeRequests;
  /** The streaming context the subscriptions belong to. */
  contextId: () => string;
  book: QuoteBook;
  /** How often the service may send an update (ms). */
  refreshRateMs?: number;
  now?: () => number;
}

export class PriceSubscriptions {
  private readonly held = new Map<string, Held>();
  private readonly owners: QuoteOwners;
  private wanted: WantedPrices = { instruments: new Map(), chains: new Map() };
  private round: Promise<void> | undefined;
  private roundGeneration = 0;
  private again = false;
  private counter = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(private readonly options: PriceSubscriptionsOptions) {
    this.owners = new QuoteOwners(options.book);
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Subscribes what is wanted now (resolves once the service agreed, or refused). */
  want(wanted: WantedPrices): Promise<void> {
    this.wanted = wanted;
    return this.schedule();
  }

  /** Runs a round now, or after the one running (requests meanwhile fold into it). */
  private schedule(): Promise<void> {
    if (this.round && this.roundGeneration === this.generation) {
      this.again = true;
      return this.round;
    }
    // A round of everything forgotten (a sign-out) finishes first, doing nothing more.
    if (this.round) return this.round.then(() => this.schedule());
    const generation = this.generation;
    this.roundGeneration = generation;
    this.round = (async () => {
      do {
        this.again = false;
        await this.reconcile(generation);
      } while (this.again && generation === this.generation);
    })().finally(() => (this.round = undefined));
    return this.round;
  }

  private async reconcile(generation: number): Promise<void> {
    const groups = new Map<string, { assetType: string; uics: number[] }>();
    for (const [assetType, uics] of this.wanted.instruments) {
      const sorted = [...uics].sort((a, b) => a - b);
      for (let start = 0; start < sorted.length; start += UICS_PER_LIST)
        groups.set(`${assetType}#${start / UICS_PER_LIST}`, {
          assetType,
          uics: sorted.slice(start, start + UICS_PER_LIST),
        });
    }
    const chains = new Map([...this.wanted.chains].filter(([, chain]) => chain.expiries.size > 0));
    for (const held of [...this.held.values()]) {
      if (generation !== this.generation) return;
      const stillWanted = held.kind === 'list' ? groups.has(held.key) : chains.has(held.key);
      if (!stillWanted) await this.end(held);
    }
    for (const [key, group] of groups) {
      if (generation !== this.generation) return;
      const held = this.heldFor(key);
      const same = held?.kind === 'list' && held.uics.join() === group.uics.join();
      if (!same || held?.recreate) await this.subscribeList(key, group.assetType, group.uics, held);
    }
    for (const [key, chain] of chains) {
      if (generation !== this.generation) return;
      const held = this.heldFor(key);
      if (held?.kind !== 'chain' || held.recreate) await this.subscribeChain(key, chain, held);
      else {
        held.chain = chain;
        await this.moveWindows(held);
      }
    }
  }

  private heldFor(key: string): Held | undefined {
    for (const held of this.held.values()) if (held.key === key) return held;
    return undefined;
  }

  private nextReferenceId(prefix: string): string {
    return `${prefix}${++this.counter}`;
  }

  private async subscribeList(
    key: string,
    assetType: string,
    uics: number[],
    replaces: Held | undefined,
  ): Promise<void> {
    const subscription: ListSubscription = {
      ...heldRecord(this.nextReferenceId('q'), key, this.now),
      kind: 'list',
      assetType,
      uics,
    };
    this.held.set(subscription.referenceId, subscription);
    try {
      const answer = (await this.options.requests.send('POST', INFO_PRICES, {
        ContextId: this.options.contextId(),
        ReferenceId: subscription.referenceId,
        RefreshRate: this.options.refreshRateMs ?? 250,
        Format: 'application/json',
        ...(replaces && !replaces.refused ? { ReplaceReferenceId: replaces.referenceId } : {}),
        Arguments: { Uics: uics.join(','), AssetType: assetType, FieldGroups: FIELD_GROUPS },
      })) as { Snapshot?: { Data?: unknown[] } };
      for (const uic of uics) this.owners.own(subscription, quoteKeyOf(assetType, uic));
      for (const quote of answer?.Snapshot?.Data ?? []) {
        const uic = (quote as { Uic?: unknown }).Uic;
        if (Number.isInteger(uic)) this.options.book.replace(assetType, uic as number, quote);
      }
      this.ready(subscription);
    } catch (error) {
      if (!refusedForGood(error)) return this.failed(subscription, replaces);
      subscription.refused = true;
      for (const uic of uics) {
        this.owners.own(subscription, quoteKeyOf(assetType, uic));
        this.options.book.refuse(assetType, uic, (error as Error).message);
      }
    }
    if (replaces) this.forget(replaces, subscription);
  }

  private async subscribeChain(key: string, chain: WantedChain, replaces: Held | undefined): Promise<void> {
    const subscription: ChainSubscription = {
      ...heldRecord(this.nextReferenceId('c'), key, this.now),
      kind: 'chain',
      chain,
      stream: new ChainStream(),
      windows: undefined,
    };
    this.held.set(subscription.referenceId, subscription);
    try {
      // The expiries' indexes come with the snapshot: a first window of one strike, then moved.
      const windows: ChainWindows = { Expiries: [{ Index: 0 }], MaxStrikesPerExpiry: 1 };
      const answer = (await this.options.requests.send('POST', OPTIONS_CHAIN, {
        ContextId: this.options.contextId(),
        ReferenceId: subscription.referenceId,
        RefreshRate: this.options.refreshRateMs ?? 250,
        Format: 'application/json',
        ...(replaces && !replaces.refused ? { ReplaceReferenceId: replaces.referenceId } : {}),
        Arguments: { AssetType: chain.assetType, Identifier: chain.optionRootId, ...windows },
      })) as { Snapshot?: unknown };
      subscription.windows = windows;
      readChainQuotes(subscription, answer?.Snapshot, true, this.options.book, this.owners);
      this.ready(subscription);
      if (replaces) this.forget(replaces, subscription);
      await this.moveWindows(subscription);
    } catch (error) {
      if (!refusedForGood(error)) return this.failed(subscription, replaces);
      subscription.refused = true;
      if (replaces) this.forget(replaces, subscription);
    }
  }

  /** Moves a chain's windows to what is wanted, when they differ from those asked for. */
  private async moveWindows(subscription: ChainSubscription): Promise<void> {
    if (subscription.refused || !subscription.ready) return;
    const windows = subscription.stream.windowsFor(subscription.chain.expiries);
    if (!windows || JSON.stringify(windows) === JSON.stringify(subscription.windows)) return;
    const path = `${OPTIONS_CHAIN}/${encodeURIComponent(this.options.contextId())}/${subscription.referenceId}`;
    try {
      await this.options.requests.send('PATCH', path, windows);
      subscription.windows = windows;
      keepChainQuotes(subscription, this.owners);
    } catch (error) {
      if (!refusedForGood(error)) this.retrySoon();
    }
  }

  private ready(subscription: Held): void {
    subscription.ready = true;
    subscription.lastHeard = this.now;
    for (const payload of subscription.early.splice(0)) this.apply(subscription, payload);
  }

  /** The service could not be reached or asked to wait: the old subscription stays, and the round comes again. */
  private failed(subscription: Held, replaces: Held | undefined): void {
    this.held.delete(subscription.referenceId);
    if (replaces) replaces.recreate = true;
    this.retrySoon();
  }

  private retrySoon(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.schedule();
    }, RETRY_MS);
    this.retryTimer.unref?.();
  }

  /** Unsubscribes one subscription on the service and drops the quotes only it kept. */
  private async end(held: Held): Promise<void> {
    this.forget(held);
    await this.unsubscribe(held);
  }

  private async unsubscribe(held: Held, contextId = this.options.contextId()): Promise<void> {
    if (held.refused) return;
    const base = held.kind === 'list' ? INFO_PRICES : OPTIONS_CHAIN;
    await this.options.requests
      .send('DELETE', `${base}/${encodeURIComponent(contextId)}/${held.referenceId}`)
      .catch(() => undefined);
  }

  /** Unsubscribes everything on the service and forgets it (the app is closing). */
  async endAll(): Promise<void> {
    const all = [...this.held.values()];
    const contextId = this.options.contextId();
    this.forgetAll();
    await Promise.all(all.map((held) => this.unsubscribe({ ...held }, contextId)));
  }

  /** Forgets a subscription (replaced by `successor`, or ended). */
  private forget(held: Held, successor?: Held): void {
    this.held.delete(held.referenceId);
    this.owners.release(held, successor);
  }

  /** A data message of the streaming connection. */
  onMessage(referenceId: string, payload: unknown): void {
    const held = this.held.get(referenceId);
    if (!held) return;
    if (!held.ready) {
      if (held.early.length < 1000) held.early.push(payload);
      return;
    }
    this.apply(held, payload);
  }

  private apply(held: Held, payload: unknown): void {
    this.heard(held);
    if (held.kind === 'list') {
      for (const delta of Array.isArray(payload) ? payload : []) {
        const uic = (delta as { Uic?: unknown }).Uic;
        if (Number.isInteger(uic) && held.owned.has(quoteKeyOf(held.assetType, uic as number)))
          this.options.book.merge(held.assetType, uic as number, delta);
      }
      return;
    }
    readChainQuotes(held, payload, false, this.options.book, this.owners);
    // A newly shown expiry brings its strike list: its window can now be placed exactly.
    const windows = held.stream.windowsFor(held.chain.expiries);
    if (windows && JSON.stringify(windows) !== JSON.stringify(held.windows)) void this.schedule();
  }

  /** Subscriptions the service says are alive with nothing new. */
  onHeartbeat(referenceIds: readonly string[]): void {
    for (const id of referenceIds) {
      const held = this.held.get(id);
      if (held) this.heard(held);
    }
  }

  private heard(held: Held): void {
    held.lastHeard = this.now;
    if (!held.silent) return;
    held.silent = false;
    for (const key of held.owned) this.options.book.setSilent(key, false);
  }

  /** Marks the quotes of subscriptions not heard of for `silentMs` as silent. */
  checkSilence(silentMs: number): void {
    const now = this.now;
    for (const held of this.held.values()) {
      if (!held.ready || held.refused || held.silent || now - held.lastHeard < silentMs) continue;
      held.silent = true;
      for (const key of held.owned) this.options.book.setSilent(key, true);
    }
  }

  /** The service can no longer be trusted to have sent everything: subscribe these (or all) afresh. */
  reset(referenceIds: readonly string[] | 'all'): Promise<void> {
    for (const held of this.held.values())
      if (referenceIds === 'all' || referenceIds.includes(held.referenceId)) held.recreate = !held.refused;
    return this.schedule();
  }

  /** Forgets every subscription without asking the service (signed out, another profile). */
  forgetAll(): void {
    this.generation++;
    this.held.clear();
    this.owners.clear();
    this.again = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.wanted = { instruments: new Map(), chains: new Map() };
  }

  /** How many subscriptions the service holds for the desk now. */
  get count(): number {
    return [...this.held.values()].filter((held) => !held.refused).length;
  }
}
