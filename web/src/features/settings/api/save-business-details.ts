import type { businessDetailsBody, saveBusinessDetailsAnswer } from '@pc/core/contracts/statements';
import { STATEMENT_PATHS } from '@pc/core/contracts/statements-paths';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks } from './mutation.ts';

/** POST /api/settings/business-details {name, address, tax_id, vat_number}: every field optional (empty text). */
export type BusinessDetailsBody = Required<z.input<typeof businessDetailsBody>>;
export type SaveBusinessDetailsAnswer = z.infer<typeof saveBusinessDetailsAnswer>;
export const saveBusinessDetails = (body: BusinessDetailsBody) =>
  http.post<SaveBusinessDetailsAnswer>(STATEMENT_PATHS.businessDetails, body);

export const useSaveBusinessDetails = (callbacks: ActionCallbacks<SaveBusinessDetailsAnswer, BusinessDetailsBody>) =>
  useSettingsAction(saveBusinessDetails, [SETTINGS_SCOPE], callbacks);
