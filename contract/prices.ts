/**
 * The prices feature: what the renderer has on screen and wants quoted (a watch), and the quotes
 * main pushes back. Main holds the streaming connection and the subscriptions (the token never
 * leaves main); the renderer says which instruments and which window of an option chain it
 * shows, renews that every little while, and drops it when the view goes. Quotes are pushed
 * coalesced per instrument, at most a few a second.
 */
import { z } from 'zod';
import { assetType, dateString, uic } from './arguments';

/** Names one watch of one view of one window: letters, digits, '-' and '_'. */
export const watchId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A watch is named by letters, digits, "-" and "_".');

/** Most instruments one watch holds (a grid's visible rows, a ladder, a watchlist). */
export const MAX_WATCHED_INSTRUMENTS = 400;
/** Most option chains one watch holds (roots shown side by side). */
export const MAX_WATCHED_CHAINS = 4;
/** Most expiries of one chain a watch shows at once (the active one and those stacked). */
export const MAX_WATCHED_EXPIRIES = 20;
/** How long main keeps a watch the renderer did not renew (a closed window, a reloaded page). */
export const WATCH_LEASE_MS = 60_000;

/** The option asset types the platform's option chain subscription serves. */
export const chainAssetTypes = ['StockOption', 'StockIndexOption', 'FuturesOption'] as const;

const strike = z.number().finite().min(0).max(1e9);

/** The strikes of one expiry of a chain on screen, from the lowest to the highest visible. */
const watchedExpiry = z
  .object({ Expiry: dateString, LowStrike: strike, HighStrike: strike })
  .strict()
  .refine((expiry) => expiry.LowStrike <= expiry.HighStrike, {
    message: 'The lowest strike shown cannot lie above the highest.',
    path: ['LowStrike'],
  });

/** One option root's chain on screen: its expiries and, per expiry, the strikes shown. */
const watchedChain = z
  .object({
    OptionRootId: uic,
    AssetType: z.enum(chainAssetTypes),
    Expiries: z.array(watchedExpiry).max(MAX_WATCHED_EXPIRIES),
  })
  .strict();

/** The instruments and chain windows one view shows now: replaces what the watch held. */
export const watchPricesArg = z
  .object({
    WatchId: watchId,
    Instruments: z.array(z.object({ Uic: uic, AssetType: assetType }).strict()).max(MAX_WATCHED_INSTRUMENTS),
    Chains: z.array(watchedChain).max(MAX_WATCHED_CHAINS),
  })
  .strict();
export type WatchPricesArg = z.output<typeof watchPricesArg>;
export type WatchedChain = WatchPricesArg['Chains'][number];

/** A view that no longer shows prices (closed, scrolled away, signed out). */
export const unwatchPricesArg = z.object({ WatchId: watchId }).strict();

const price = z.number().finite();

/** An option's greeks as the platform sends them: theta per day, vega per volatility point, volatilities in percent. */
const greeksSchema = z
  .object({
    delta: price.optional(),
    gamma: price.optional(),
    theta: price.optional(),
    vega: price.optional(),
    rho: price.optional(),
    midVolatility: price.optional(),
    bidVolatility: price.optional(),
    askVolatility: price.optional(),
    theoreticalPrice: price.optional(),
    inTheMoneyProbability: price.optional(),
  })
  .strict();

/**
 * One instrument's quote as main merged it from the snapshot and the deltas since. Fields the
 * service has not sent are absent. `silent`: its subscription has been heard from neither by an
 * update nor a heartbeat for a while, so the figures may be old. `problem`: the service quotes
 * no price for it, in words.
 */
export const quoteViewSchema = z
  .object({
    uic,
    assetType: z.string().min(1).max(60),
    bid: price.optional(),
    ask: price.optional(),
    mid: price.optional(),
    bidSize: price.optional(),
    askSize: price.optional(),
    lastTraded: price.optional(),
    lastClose: price.optional(),
    open: price.optional(),
    high: price.optional(),
    low: price.optional(),
    netChange: price.optional(),
    percentChange: price.optional(),
    volume: price.optional(),
    openInterest: price.optional(),
    priceTypeBid: z.string().max(40).optional(),
    priceTypeAsk: z.string().max(40).optional(),
    marketState: z.string().max(40).optional(),
    delayedByMinutes: z.number().int().min(0).optional(),
    decimals: z.number().int().min(0).max(12).optional(),
    currency: z.string().max(10).optional(),
    greeks: greeksSchema.optional(),
    lastUpdated: z.string().max(40).optional(),
    silent: z.literal(true).optional(),
    problem: z.string().max(300).optional(),
  })
  .strict();
export type QuoteView = z.output<typeof quoteViewSchema>;
export type GreeksView = NonNullable<QuoteView['greeks']>;

/** The streaming connection as main sees it. */
export const priceStreamStates = ['idle', 'connecting', 'live', 'reconnecting', 'unavailable'] as const;
export const priceStreamStatusSchema = z
  .object({ state: z.enum(priceStreamStates), message: z.string().max(500).optional() })
  .strict();
export type PriceStreamStatus = z.output<typeof priceStreamStatusSchema>;

/**
 * Quotes that changed since the last push (at most a few pushes a second per instrument), and
 * the `AssetType:Uic` keys of quotes main no longer holds (nothing on screen shows them).
 */
export const quotesPushSchema = z
  .object({ quotes: z.array(quoteViewSchema), dropped: z.array(z.string().max(80)) })
  .strict();

/** What a watch answers: the quotes main already holds of it (the rest follow as pushes) and the stream's state. */
export interface WatchPricesResult {
  quotes: QuoteView[];
  status: PriceStreamStatus;
}
