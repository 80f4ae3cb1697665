import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editableSettingsChanges } from '../contracts/console-settings.ts';
import { DEFAULT_PRODUCT, GOLD_LEVEL_IDS, type GoldLevelRow } from '../product.ts';
import { countryGroupProblems, goldKeepProblems, goldLevelProblems, payoutSystemProblems, settingsProblems, storageTermProblems } from './settings-check.ts';
import { changedSettingKeys, settingsDiff } from './settings-preview.ts';

const gold = DEFAULT_PRODUCT.goldLevels;
const withLevel = (level: number, patch: Partial<GoldLevelRow>) => gold.map((row, i) => (i === level ? { ...row, ...patch } : row));
const keys = (issues: Array<{ key: string; path: unknown[] }>) => issues.map((i) => `${i.path.join('.')}:${i.key}`);

describe('settings checks', () => {
  it('the defaults have no problem', () => {
    expect(settingsProblems(DEFAULT_PRODUCT)).toEqual([]);
    expect(editableSettingsChanges.safeParse(DEFAULT_PRODUCT).success).toBe(false); // non-editable keys are not part of a change
    const editable = Object.fromEntries(Object.entries(DEFAULT_PRODUCT).filter(([k]) => k in editableSettingsChanges.shape));
    expect(editableSettingsChanges.safeParse(editable).success).toBe(true);
  });

  it.each<{ groups: Record<string, string>; expected: string[]; why: string }>([
    { groups: { A: 'US CA', B: 'IT' }, expected: [], why: 'distinct codes' },
    { groups: { A: '  US   CA ', B: '' }, expected: [], why: 'extra spaces and an empty group' },
    { groups: { A: 'US CA', B: 'IT US' }, expected: ['countryGroups.B:operator:settings_country_twice'], why: 'a country in two groups' },
    { groups: { A: 'US US' }, expected: ['countryGroups.A:operator:settings_country_twice'], why: 'a country twice in one group' },
    { groups: { A: 'us', C: 'USA 12' }, expected: ['countryGroups.A:operator:settings_country_code', 'countryGroups.C:operator:settings_country_code'], why: 'not two capital letters' },
  ])('country groups: $why', ({ groups, expected }) => {
    expect(keys(countryGroupProblems(groups))).toEqual(expected);
  });

  it('names the repeated countries with their first group', () => {
    expect(countryGroupProblems({ A: 'US DE', C: 'DE' })[0]!.params).toEqual({ codes: 'DE (A)' });
  });

  it.each([
    { levels: withLevel(3, { bonusBp: 900 }), expected: ['goldLevels.3.bonusBp:operator:settings_gold_not_increasing'], why: 'a bonus below the level under it' },
    { levels: withLevel(4, { coinsToReach: 30 }), expected: ['goldLevels.4.coinsToReach:operator:settings_gold_not_increasing'], why: 'fewer coins than the level under it' },
    { levels: withLevel(6, { efficiencyToReachMicro: 1 }), expected: ['goldLevels.6.efficiencyToReachMicro:operator:settings_gold_not_increasing'], why: 'less efficiency' },
    { levels: withLevel(2, { coinsToReach: null }), expected: ['goldLevels.2.coinsToReach:operator:settings_gold_not_increasing'], why: 'a level above the base with nothing to reach' },
    { levels: withLevel(0, { bonusBp: 100 }), expected: ['goldLevels.0:operator:settings_gold_base_level'], why: 'a bonus on the base level' },
    { levels: gold.slice(0, 6), expected: ['goldLevels:operator:settings_gold_level_order'], why: 'a level missing' },
    { levels: [gold[1]!, gold[0]!, ...gold.slice(2)], expected: ['goldLevels:operator:settings_gold_level_order'], why: 'levels swapped' },
    { levels: withLevel(5, { bonusBp: 1_800, coinsToReach: 60 }), expected: [], why: 'equal to the level under it is allowed' },
  ])('gold levels: $why', ({ levels, expected }) => {
    expect(keys(goldLevelProblems(levels))).toEqual(expected);
  });

  it.each([
    { keep: 80, expected: 0 },
    { keep: 100, expected: 0 },
    { keep: 101, expected: 1 },
  ])('the top level is kept with $keep coins: $expected problems', ({ keep, expected }) => {
    expect(goldKeepProblems(gold, keep)).toHaveLength(expected);
  });

  it.each([
    { rule: { feeBp: 300, feeFixedMicro: 1_000_000, minimumMicro: 40_000_000 }, ok: true },
    { rule: { feeBp: 0, feeFixedMicro: 5_000_000, minimumMicro: 5_000_000 }, ok: false },
    { rule: { feeBp: 10_000, feeFixedMicro: 0, minimumMicro: 10_000_000 }, ok: false },
    { rule: { feeBp: 5_000, feeFixedMicro: 4_000_000, minimumMicro: 10_000_000 }, ok: true },
  ])('payout system $rule: leaves something after the fee: $ok', ({ rule, ok }) => {
    expect(payoutSystemProblems({ card: rule })).toHaveLength(ok ? 0 : 1);
  });

  it.each([
    { normal: 30, premium: 90, ok: true },
    { normal: 30, premium: 30, ok: true },
    { normal: 60, premium: 30, ok: false },
  ])('storage terms $normal / $premium', ({ normal, premium, ok }) => {
    expect(storageTermProblems(normal, premium)).toHaveLength(ok ? 0 : 1);
  });

  it.each([
    { changes: { planChangeEveryDays: 0 }, path: 'planChangeEveryDays' },
    { changes: { planChangeEveryDays: 1.5 }, path: 'planChangeEveryDays' },
    { changes: { saleShares: { ...DEFAULT_PRODUCT.saleShares, pps: { ...DEFAULT_PRODUCT.saleShares.pps, sale: 10_001 } } }, path: 'saleShares.pps.sale' },
    { changes: { downloadRates: { ...DEFAULT_PRODUCT.downloadRates, ppd: { ...DEFAULT_PRODUCT.downloadRates.ppd, A: -1 } } }, path: 'downloadRates.ppd.A' },
    { changes: { payoutSystems: { ...DEFAULT_PRODUCT.payoutSystems, paypal: { feeBp: 300, feeFixedMicro: 0, minimumMicro: 500_000 } } }, path: 'payoutSystems.paypal.minimumMicro' },
    { changes: { countryGroups: { ...DEFAULT_PRODUCT.countryGroups, U: 'UA RU' } }, path: 'countryGroups.U' },
    { changes: { goldLevels: withLevel(2, { bonusBp: 100 }) }, path: 'goldLevels.2.bonusBp' },
    { changes: { storageMicroPerGbMonth: '16000' }, path: 'storageMicroPerGbMonth' },
    { changes: { downloadRates: { ...DEFAULT_PRODUCT.downloadRates, ppd: { A: 1 } } }, path: 'downloadRates.ppd.B' },
  ])('the schema refuses at $path', ({ changes, path }) => {
    const parsed = editableSettingsChanges.safeParse(changes);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('settings checks, properties', () => {
  const levels = fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 6, maxLength: 6 }),
      fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 6, maxLength: 6 }),
      fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 6, maxLength: 6 }),
    )
    .map(([bonus, coins, efficiency]) => {
      const up = (xs: number[]) => [...xs].sort((a, b) => a - b);
      const [b, c, e] = [up(bonus), up(coins), up(efficiency)];
      return GOLD_LEVEL_IDS.map((id, level): GoldLevelRow =>
        level === 0
          ? { level, id, bonusBp: 0, coinsToReach: null, efficiencyToReachMicro: null, efficiencyStrict: false }
          : { level, id, bonusBp: b[level - 1]!, coinsToReach: c[level - 1]!, efficiencyToReachMicro: e[level - 1]!, efficiencyStrict: level === 1 },
      );
    });

  it('any non-decreasing gold table passes; lowering one figure below the level under it is caught there', () => {
    fc.assert(
      fc.property(levels, fc.integer({ min: 2, max: 6 }), fc.constantFrom('bonusBp', 'coinsToReach', 'efficiencyToReachMicro' as const), (table, level, field) => {
        expect(goldLevelProblems(table)).toEqual([]);
        const under = table[level - 1]![field] as number;
        fc.pre(under > 0);
        const broken = table.map((row, i) => (i === level ? { ...row, [field]: under - 1 } : row));
        expect(keys(goldLevelProblems(broken))).toContain(`goldLevels.${level}.${field}:operator:settings_gold_not_increasing`);
      }),
    );
  });

  const codes = fc.uniqueArray(fc.stringMatching(/^[A-Z]{2}$/), { minLength: 1, maxLength: 40 });
  it('countries spread over groups are fine; one listed in a second group is reported there', () => {
    fc.assert(
      fc.property(codes, fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'R', 'U'), { minLength: 40, maxLength: 40 }), fc.nat(), (list, groupsOf, pick) => {
        const groups: Record<string, string> = {};
        list.forEach((code, i) => (groups[groupsOf[i]!] = `${groups[groupsOf[i]!] ?? ''} ${code}`));
        expect(countryGroupProblems(groups)).toEqual([]);
        const code = list[pick % list.length]!;
        const home = groupsOf[list.indexOf(code)]!;
        const other = home === 'A' ? 'B' : 'A';
        const twice = { ...groups, [other]: `${groups[other] ?? ''} ${code}` };
        expect(countryGroupProblems(twice).some((p) => p.key === 'operator:settings_country_twice')).toBe(true);
      }),
    );
  });

  it('the diff of a version with itself is empty; a changed rate shows as its one row, per 1000 downloads', () => {
    fc.assert(
      fc.property(fc.constantFrom('pps', 'mixed', 'ppd' as const), fc.constantFrom(...(['A', 'B', 'G', 'U'] as const)), fc.integer({ min: 0, max: 1_000_000 }), (plan, group, rate) => {
        expect(settingsDiff(DEFAULT_PRODUCT, DEFAULT_PRODUCT)).toEqual([]);
        const before = DEFAULT_PRODUCT.downloadRates[plan][group];
        const after = { ...DEFAULT_PRODUCT, downloadRates: { ...DEFAULT_PRODUCT.downloadRates, [plan]: { ...DEFAULT_PRODUCT.downloadRates[plan], [group]: rate } } };
        const rows = settingsDiff(DEFAULT_PRODUCT, after);
        expect(rows).toEqual(rate === before ? [] : [{ key: 'downloadRates', item: [plan, group], unit: 'money', before: before * 1000, after: rate * 1000 }]);
        expect(changedSettingKeys(DEFAULT_PRODUCT, after)).toEqual(rate === before ? [] : ['downloadRates']);
      }),
    );
  });
});

describe('settings diff', () => {
  it('lists a moved country, a payout fee, a gold bonus and a single number, in the screen order', () => {
    const after = {
      ...DEFAULT_PRODUCT,
      countryGroups: { ...DEFAULT_PRODUCT.countryGroups, A: DEFAULT_PRODUCT.countryGroups.A.replace(' SG', ''), B: `${DEFAULT_PRODUCT.countryGroups.B} SG` },
      payoutSystems: { ...DEFAULT_PRODUCT.payoutSystems, paypal: { ...DEFAULT_PRODUCT.payoutSystems.paypal, feeBp: 250 } },
      goldLevels: withLevel(6, { bonusBp: 3_000 }),
      planChangeEveryDays: 14,
    };
    expect(settingsDiff(DEFAULT_PRODUCT, after)).toEqual([
      { key: 'countryGroups', item: ['SG'], unit: 'group', before: 'A', after: 'B' },
      { key: 'goldLevels', item: ['magnate', 'bonusBp'], unit: 'bp', before: 2_500, after: 3_000 },
      { key: 'payoutSystems', item: ['paypal', 'feeBp'], unit: 'bp', before: 300, after: 250 },
      { key: 'planChangeEveryDays', item: [], unit: 'days', before: 7, after: 14 },
    ]);
  });

  it('a country taken out of every group falls to G', () => {
    const after = { ...DEFAULT_PRODUCT, countryGroups: { ...DEFAULT_PRODUCT.countryGroups, R: '' } };
    expect(settingsDiff(DEFAULT_PRODUCT, after)).toEqual([{ key: 'countryGroups', item: ['RU'], unit: 'group', before: 'R', after: 'G' }]);
  });
});
