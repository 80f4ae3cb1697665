import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POSTBACK_PATHS } from '@pc/core/contracts/paths';
import type { PostbackProject, PostbackSaveAnswer, PostbackSecretAnswer, PostbackTestAnswer } from '@pc/core/contracts/postbacks';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { POSTBACKS_SCOPE } from './postbacks-get.ts';

/** PUT /api/postbacks/{project}: sets the project's URL (needs the account password; 422 on `url`). */
export const savePostbackUrl = (v: { project: ProjectId; url: string }) => http.put<PostbackSaveAnswer>(POSTBACK_PATHS.endpoint(v.project), { url: v.url });
/** DELETE /api/postbacks/{project}: removes it (needs the account password). */
export const removePostbackUrl = (v: { project: ProjectId }) => http.delete<PostbackProject>(POSTBACK_PATHS.endpoint(v.project));
/** POST /api/postbacks/{project}/test: sends a test event now; the answer says whether it was delivered. */
export const sendTestPostback = (v: { project: ProjectId }) => http.post<PostbackTestAnswer>(POSTBACK_PATHS.test(v.project));
/** POST /api/postbacks/secret/rotate: a new signing secret (needs the account password). */
export const rotatePostbackSecret = () => http.post<PostbackSecretAnswer>(POSTBACK_PATHS.rotateSecret);

/**
 * A postbacks action. Those behind the account password hear their outcome in the mutation's own options: a 403
 * need_security_password starts the app-wide check, which repeats the call once it passes. 404, 422 and 429 are
 * the section's to show.
 */
function usePostbackAction<V, T>(call: (v: V) => Promise<T>, onSuccess: (answer: T, v: V) => void) {
  const queryClient = useQueryClient();
  const latest = useRef(onSuccess);
  latest.current = onSuccess;
  return useMutation({
    mutationFn: (v: V) => call(v),
    meta: { handles: [404, 422, 429] },
    onSuccess: (answer, v) => {
      void queryClient.invalidateQueries({ queryKey: [POSTBACKS_SCOPE] });
      latest.current(answer, v);
    },
  });
}

export const useSavePostbackUrl = (onSuccess: (a: PostbackSaveAnswer) => void) => usePostbackAction(savePostbackUrl, onSuccess);
export const useRemovePostbackUrl = (onSuccess: (a: PostbackProject) => void) => usePostbackAction(removePostbackUrl, onSuccess);
export const useSendTestPostback = (onSuccess: (a: PostbackTestAnswer) => void) => usePostbackAction(sendTestPostback, onSuccess);
export const useRotatePostbackSecret = (onSuccess: (a: PostbackSecretAnswer) => void) => usePostbackAction(() => rotatePostbackSecret(), onSuccess);
