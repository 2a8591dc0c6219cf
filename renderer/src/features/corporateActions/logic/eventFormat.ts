/**
 * Small text formats of the event detail: amounts, prices and rates, yes/no flags.
 */
import type { PriceAndRate } from '../../../../../contract/wire/types';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A number with thousands separators, or a dash when absent. */
export function amountText(value: number | undefined): string {
  return value === undefined ? '–' : numberFormat.format(value);
}

/** A price or rate: value, currency and type, e.g. "12.5 USD (Actual)". */
export function priceText(price: PriceAndRate | undefined): string {
  if (!price || price.Value === undefined) return '–';
  return [numberFormat.format(price.Value), price.Currency, price.Type ? `(${price.Type})` : undefined]
    .filter(Boolean)
    .join(' ');
}

/** Yes, No, or a dash when unknown. */
export function yesNo(value: boolean | undefined): string {
  return value === undefined ? '–' : value ? 'Yes' : 'No';
}
