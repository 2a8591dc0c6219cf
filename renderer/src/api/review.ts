/**
 * The local back-office review state through the bridge (kept by main in SQLite, per profile
 * and signed-in user).
 */
import type { ArgOf, ResultOf } from '../../../contract/channels';
import { call } from './desk';

/** Where the review state is kept and who the reviewer is. */
export const fetchReviewStatus = (): Promise<ResultOf<'corporateActions:reviewStatus'>> => call('corporateActions:reviewStatus');

/** The review states of the given events (events never touched are absent). */
export const fetchReviewStates = (arg: ArgOf<'corporateActions:reviewStates'>): Promise<ResultOf<'corporateActions:reviewStates'>> =>
  call('corporateActions:reviewStates', arg);

/** Marks an event read or unread. */
export const saveRead = (arg: ArgOf<'corporateActions:setRead'>): Promise<ResultOf<'corporateActions:setRead'>> =>
  call('corporateActions:setRead', arg);

/** Flags or unflags an event. */
export const saveFlagged = (arg: ArgOf<'corporateActions:setFlagged'>): Promise<ResultOf<'corporateActions:setFlagged'>> =>
  call('corporateActions:setFlagged', arg);

/** Marks events reviewed (with the UpdatedDateTime seen) or not reviewed. */
export const saveReviewed = (arg: ArgOf<'corporateActions:setReviewed'>): Promise<ResultOf<'corporateActions:setReviewed'>> =>
  call('corporateActions:setReviewed', arg);

/** Keeps a note on an event. */
export const saveNote = (arg: ArgOf<'corporateActions:setNote'>): Promise<ResultOf<'corporateActions:setNote'>> =>
  call('corporateActions:setNote', arg);

/** The audit log, newest first (one event's, or all). */
export const fetchAudit = (arg?: ArgOf<'corporateActions:audit'>): Promise<ResultOf<'corporateActions:audit'>> =>
  call('corporateActions:audit', arg);

/** The saved inbox views. */
export const fetchViews = (): Promise<ResultOf<'corporateActions:views'>> => call('corporateActions:views');

/** Saves an inbox view by name. */
export const saveView = (arg: ArgOf<'corporateActions:saveView'>): Promise<ResultOf<'corporateActions:saveView'>> =>
  call('corporateActions:saveView', arg);

/** Deletes a saved inbox view. */
export const deleteView = (arg: ArgOf<'corporateActions:deleteView'>): Promise<ResultOf<'corporateActions:deleteView'>> =>
  call('corporateActions:deleteView', arg);
