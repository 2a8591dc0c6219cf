/**
 * The Trading service group's parts, built once per simulator: the market, the option chains'
 * shapes and the streaming hub. The routes and the WebSocket handler share them.
 */
import type { Market } from '../market/market';
import type { OptionChains } from '../market/optionChain';
import type { StreamingHub } from './hub';

export interface Trading {
  market: Market;
  chains: OptionChains;
  hub: StreamingHub;
}
