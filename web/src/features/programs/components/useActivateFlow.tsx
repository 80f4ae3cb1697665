import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { isApiError } from '../../../lib/http.ts';
import { useActivateProgram } from '../api/activate-program.ts';

/**
 * Asks to confirm, then activates a project's programme. docs/product.md#dialogs-and-messages: success shows a Success dialog with the
 * server's message; a failure an Error dialog with the server's message or "Failed activating program".
 */
export function useActivateFlow(projectName: (id: ProjectId) => string) {
  const { t } = useTranslation('nav');
  const [project, setProject] = useState<ProjectId | null>(null);
  const mutation = useActivateProgram();

  const confirm = () => {
    if (!project) return;
    // The answer is taken from mutateAsync's promise, not from mutate's per-call callbacks: TanStack Query calls those
    // only while this observer has a listener when the write settles, and the activation reloads the user, which
    // redraws the layout that holds it. On a loaded machine a journey once waited a minute for a Success dialog that
    // never came, and skipped callbacks are the one way for a settled activation to show none.
    mutation.mutateAsync(project).then(
      (answer) => {
        setProject(null);
        if (answer.success)
          feedback.message('success', t('dialogs:success'), answer.message || t('programs.activated'));
        else feedback.message('error', t('dialogs:error'), answer.message || t('programs.activationFailed'));
      },
      (error: unknown) => {
        setProject(null);
        if (isApiError(error) && (error.status === 401 || error.status >= 500)) return;
        const message = isApiError(error) ? error.serverMessage : '';
        feedback.message('error', t('dialogs:error'), message || t('programs.activationFailed'));
      },
    );
  };

  const dialog = (
    <ConfirmDialog
      open={project !== null}
      title={t('programs.confirmTitle', { project: project ? projectName(project) : '' })}
      message={t('programs.confirmMessage', { project: project ? projectName(project) : '' })}
      confirmLabel={t('programs.activate')}
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={() => setProject(null)}
    />
  );

  return { start: (id: ProjectId) => setProject(id), dialog, pending: mutation.isPending };
}
