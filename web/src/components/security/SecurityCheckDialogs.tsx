import type { SecurityCheck } from './useSecurityCheck.ts';
import { SecurityCodeDialog } from './SecurityCodeDialog.tsx';
import { AccountPasswordDialog } from './AccountPasswordDialog.tsx';

/** The dialogs of one security check (see useSecurityCheck). */
export function SecurityCheckDialogs({ check }: { check: SecurityCheck }) {
  const { state } = check;
  return (
    <>
      <SecurityCodeDialog
        open={state.dialog === 'code'}
        code={state.code}
        error={state.errorField === 'code' ? state.error : ''}
        saving={state.saving}
        onChange={check.setCode}
        onSubmit={() => void check.submitCode()}
        onClose={check.close}
      />
      <AccountPasswordDialog
        open={state.dialog === 'password'}
        password={state.password}
        error={state.error}
        errorField={state.errorField}
        saving={state.saving}
        captchaResetKey={state.captchaResetKey}
        onPasswordChange={check.setPassword}
        onCaptchaChange={check.setCaptcha}
        onSubmit={() => void check.submitPassword()}
        onClose={check.close}
      />
    </>
  );
}
