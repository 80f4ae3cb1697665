import { PRODUCT_PATHS } from '@pc/core/contracts/paths';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { readCall } from './read-call.ts';

/**
 * GET /api/product/settings: the numbers the operator has set (gold levels, storage price and terms, hints,
 * rates, shares, fees, minimums, holds). Every screen that shows one of them reads it here, never a literal.
 */
export const productSettings = readCall<ProductSettingsAnswer>('product', PRODUCT_PATHS.settings);
export const getProductSettings = productSettings.fetch;
export const productSettingsQueryOptions = productSettings.options;
export const useProductSettings = () => productSettings.use({});
