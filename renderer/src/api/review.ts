/**
 * The local back-office review state through the bridge (kept by main in SQLite, per profile
 * and signed-in user).
 */
import type { ArgOf, ResultOf } from '../../../preload/contract';
import { desk, unwrap } from './desk';

/** Where the review state is kept and who the reviewer is. */
export const fetchReviewStatus = (): Promise<ResultOf<'review:status'>> => unwrap(desk().review.status());

/** The review states of the given events (events never touched are absent). */
export const fetchReviewStates = (arg: ArgOf<'review:states'>): Promise<ResultOf<'review:states'>> =>
  unwrap(desk().review.states(arg));

/** Marks an event read or unread. */
export const saveRead = (arg: ArgOf<'review:setRead'>): Promise<ResultOf<'review:setRead'>> =>
  unwrap(desk().review.setRead(arg));

/** Flags or unflags an event. */
export const saveFlagged = (arg: ArgOf<'review:setFlagged'>): Promise<ResultOf<'review:setFlagged'>> =>
  unwrap(desk().review.setFlagged(arg));

/** Marks events reviewed (with the UpdatedDateTime seen) or not reviewed. */
export const saveReviewed = (arg: ArgOf<'review:setReviewed'>): Promise<ResultOf<'review:setReviewed'>> =>
  unwrap(desk().review.setReviewed(arg));

/** Keeps a note on an event. */
export const saveNote = (arg: ArgOf<'review:setNote'>): Promise<ResultOf<'review:setNote'>> =>
  unwrap(desk().review.setNote(arg));

/** The audit log, newest first (one event's, or all). */
export const fetchAudit = (arg?: ArgOf<'review:audit'>): Promise<ResultOf<'review:audit'>> =>
  unwrap(desk().review.audit(arg));

/** The saved inbox views. */
export const fetchViews = (): Promise<ResultOf<'review:views'>> => unwrap(desk().review.views());

/** Saves an inbox view by name. */
export const saveView = (arg: ArgOf<'review:saveView'>): Promise<ResultOf<'review:saveView'>> =>
  unwrap(desk().review.saveView(arg));

/** Deletes a saved inbox view. */
export const deleteView = (arg: ArgOf<'review:deleteView'>): Promise<ResultOf<'review:deleteView'>> =>
  unwrap(desk().review.deleteView(arg));
