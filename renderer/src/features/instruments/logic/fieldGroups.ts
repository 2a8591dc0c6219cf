/**
 * The detail field groups a trader can toggle (spec 4.3 FieldGroups): each adds fields that the
 * default response leaves out.
 */
export const toggleableFieldGroups = ['OrderSetting', 'SupportedOrderTypeSettings', 'TradingSessions'] as const;
export type ToggleableFieldGroup = (typeof toggleableFieldGroups)[number];

/** What each toggle is called on screen. */
export const fieldGroupLabels: Record<ToggleableFieldGroup, string> = {
  OrderSetting: 'Order setting',
  SupportedOrderTypeSettings: 'Order type settings',
  TradingSessions: 'Trading sessions',
};

/** The groups in a stable order, so equal selections make equal requests (and cache keys). */
export function normalizedFieldGroups(groups: readonly ToggleableFieldGroup[]): ToggleableFieldGroup[] {
  return toggleableFieldGroups.filter((group) => groups.includes(group));
}
