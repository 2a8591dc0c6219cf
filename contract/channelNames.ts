/**
 * The names of the contract's channels and push events, and nothing else: the preloads import
 * this file (not the schemas), so a preload bundle holds a list of strings. The compiler checks
 * the lists against the contract both ways.
 */
import type { ChannelName } from './channels';
import type { PushEventName } from './events';

export const channelNames = [
  'instruments:search',
  'instruments:details',
  'instruments:detailsList',
  'instruments:optionSpace',
  'instruments:futuresSpace',
  'instruments:tradingSchedule',
  'reference:countries',
  'reference:timeZones',
  'reference:currencyPairs',
  'reference:exchanges',
  'reference:exchangeHolidays',
  'corporateActions:events',
  'corporateActions:event',
  'corporateActions:lookupData',
  'corporateActions:accounts',
  'corporateActions:reviewStatus',
  'corporateActions:reviewStates',
  'corporateActions:setRead',
  'corporateActions:setFlagged',
  'corporateActions:setReviewed',
  'corporateActions:addNote',
  'corporateActions:assign',
  'corporateActions:approve',
  'corporateActions:copyToTeam',
  'corporateActions:auditVerification',
  'corporateActions:audit',
  'corporateActions:views',
  'corporateActions:saveView',
  'corporateActions:deleteView',
  'corporateActions:activeView',
  'corporateActions:changesSinceReviewed',
  'corporateActions:chooseView',
  'corporateActions:notify',
  'corporateActions:reviewReport',
  'corporateActions:printReviewReport',
  'apps:list',
  'apps:get',
  'apps:revealSecret',
  'apps:copySecret',
  'session:state',
  'session:signIn',
  'session:waitForSignIn',
  'session:completeSignIn',
  'session:cancelSignIn',
  'session:signOut',
  'session:profiles',
  'session:saveProfile',
  'session:deleteProfile',
  'session:chooseProfile',
  'watchlists:list',
  'watchlists:create',
  'watchlists:rename',
  'watchlists:delete',
  'watchlists:choose',
  'watchlists:add',
  'watchlists:remove',
  'prices:watch',
  'prices:unwatch',
  'settings:lastPlace',
  'settings:keepPlace',
  'settings:get',
  'settings:save',
  'settings:saveReviewStore',
  'settings:saveWorkQueue',
  'settings:simulatorStatus',
  'settings:resetSimulator',
] as const satisfies readonly ChannelName[];

export const pushEventNames = [
  'session:changed',
  'session:expiring',
  'connection:status',
  'settings:simulatorProgress',
  'corporateActions:reviewsChanged',
  'corporateActions:reviewStore',
  'prices:quotes',
  'prices:status',
] as const satisfies readonly PushEventName[];

/** Fails to compile while a channel or push event of the contract is missing from the lists above. */
type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
export const everyChannelListed: Missing<ChannelName, (typeof channelNames)[number]> = true;
export const everyPushEventListed: Missing<PushEventName, (typeof pushEventNames)[number]> = true;
