import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { AuthCard } from './AuthCard.tsx';
import { TokenStatus, type TokenState } from './TokenStatus.tsx';
import { useOnce } from '../../../lib/use-once.ts';

/**
 * A page behind an e-mailed link: it sends the token once and shows "in progress", then success or
 * "invalid or expired" with the server's message.
 */
export function TokenLinkPage({
  title,
  pendingText,
  successFallback,
  errorFallback,
  send,
  onSuccess,
  successAction,
  errorAction,
}: {
  title: string;
  pendingText: string;
  successFallback: string;
  errorFallback: string;
  send(): Promise<MessageAnswer | unknown>;
  onSuccess?(answer: unknown): void | Promise<void>;
  successAction?: ReactNode;
  errorAction?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<TokenState>('pending');
  const [message, setMessage] = useState(pendingText);

  useOnce(() => {
    send().then(
      async (answer) => {
        const text = (answer as MessageAnswer | undefined)?.message;
        setMessage(typeof text === 'string' && text ? text : successFallback);
        setState('success');
        await onSuccess?.(answer);
      },
      (error: unknown) => {
        const server =
          isApiError(error) && error.status < 500
            ? error.serverMessage || Object.values(error.errors).flat()[0]
            : '';
        setMessage(server || (isApiError(error) && error.status >= 500 ? t('tryLater') : errorFallback));
        setState('error');
      },
    );
  });

  return (
    <AuthCard title={title}>
      <TokenStatus
        state={state}
        message={state === 'pending' ? pendingText : message}
        action={state === 'success' ? successAction : state === 'error' ? errorAction : undefined}
      />
    </AuthCard>
  );
}
