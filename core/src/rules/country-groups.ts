import { DEFAULT_PRODUCT, type CountryGroup, type ProductConfig } from '../product.ts';

const cache = new WeakMap<object, Map<string, CountryGroup>>();

function tableOf(groups: ProductConfig['countryGroups']): Map<string, CountryGroup> {
  let table = cache.get(groups);
  if (!table) {
    table = new Map();
    for (const [group, list] of Object.entries(groups)) {
      for (const code of list.split(/\s+/).filter(Boolean)) table.set(code, group as CountryGroup);
    }
    cache.set(groups, table);
  }
  return table;
}

/** The country group of an ISO 3166-1 alpha-2 code; every other country, and unknown, is G. */
export function countryGroupOf(country: string | null | undefined, groups = DEFAULT_PRODUCT.countryGroups): CountryGroup {
  if (!country) return 'G';
  return tableOf(groups).get(country.toUpperCase()) ?? 'G';
}
