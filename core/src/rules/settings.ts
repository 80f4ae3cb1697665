import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';

/** A version of the product settings and the moment (ISO 8601, UTC) from which it is in force. */
export interface ProductVersion {
  from: string;
  product: ProductConfig;
}

/**
 * The settings an event is priced with: the version in force at the event's time, like a partner's plan
 * (decision 0062). Before the first version, the defaults of DEFAULT_PRODUCT (docs/product.md#settings). `versions` is sorted oldest first.
 */
export function productInForce(versions: readonly ProductVersion[], at: string): ProductConfig {
  const atMs = Date.parse(at);
  for (let i = versions.length - 1; i >= 0; i--) {
    if (Date.parse(versions[i]!.from) <= atMs) return versions[i]!.product;
  }
  return DEFAULT_PRODUCT;
}

/**
 * When a change made at `now` takes effect: after the furthest-ahead event time ingest accepts (it checks
 * against the defaults' skew), so that no event already priced falls into the new version's time.
 */
export function settingsEffectiveFrom(now: Date): Date {
  return new Date(now.getTime() + DEFAULT_PRODUCT.futureSkewMs);
}
