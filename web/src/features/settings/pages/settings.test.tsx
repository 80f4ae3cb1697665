import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import type { SettingsAnswer } from '@pc/core/contracts/settings';
import type { MockAnswer } from '../../../test/utils.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';

const ok = (message: string): MockAnswer => ({ body: { success: true, message } });
const refused = (errors: Record<string, string[]>): MockAnswer => ({
  status: 422,
  body: { code: 'validation_failed', message: 'The given data was invalid.', errors },
});
const needPassword: MockAnswer = {
  status: 403,
  body: { code: 'need_security_password', message: 'Confirm with your account password.' },
};

/** The captcha widget announces a solution the way the real one does. */
async function solveCaptcha(payload = 'solved-payload') {
  const widget = await waitFor(() => {
    const el = document.querySelector('altcha-widget');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent(widget, new CustomEvent('verified', { detail: { payload } }));
}

const panel = async (name: string) => screen.findByRole('region', { name });

describe('settings: the sections', () => {
  it('shows personal info, the security options and the sessions from the answers', async () => {
    startScreen('/settings');
    // The file's first test also waits for the page's chunk to load, which a busy machine makes slow.
    expect(await screen.findByTestId('current-email', {}, { timeout: 20_000 })).toHaveTextContent(fixtures.settings.email);
    expect(screen.getByLabelText('First name')).toHaveValue(fixtures.settings.first_name);
    expect(screen.getByLabelText('Last name')).toHaveValue(fixtures.settings.last_name);
    expect(screen.getByLabelText('Contact details')).toHaveValue('');
    expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument();

    const security = await panel('Security options');
    expect(await within(security).findByTestId('code-status')).toHaveAttribute('data-state', 'not-set');
    expect(within(security).getByTestId('code-status')).toHaveTextContent('No security code is set.');
    // N of the warning and the login limit come from the product settings.
    const freeze = fixtures.productSettings.security.code_freeze_days;
    expect(within(security).getByTestId('code-warning')).toHaveTextContent(`for ${freeze} days`);
    expect(within(security).getByTestId('code-warning')).toHaveTextContent('cannot be recovered');
    expect(within(security).getByText(/characters/)).toHaveTextContent(
      `${fixtures.productSettings.security.code_min_length} to ${fixtures.productSettings.security.code_max_length} characters`,
    );
    expect(
      within(security).getByText(`After ${fixtures.productSettings.security.failed_login_limit} failed sign-ins`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(security).getByRole('switch', { name: 'Limit failed sign-in attempts' })).toBeChecked();
    expect(within(security).getByRole('switch', { name: 'Captcha with the password check' })).toBeChecked();
    expect(within(security).queryByTestId('remove-code')).not.toBeInTheDocument();

    const sessions = await panel('Active sessions');
    const rows = await within(sessions).findAllByTestId('session');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('203.0.113.24');
    expect(rows[0]).toHaveAttribute('data-current', 'true');
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).toHaveTextContent(/last active .+ ago|last active yesterday/);
    expect(rows[2]).toHaveTextContent('Firefox on Windows');
    expect(rows[2]).toHaveTextContent('2001:db8:85a3::8a2e:370:7334');
    expect(rows[2]).toHaveTextContent(`Signed in on ${formatDateTime(fixtures.sessions.data[2]!.created_at)}`);
  }, 60_000);

  it('shows a code that was changed, and protected operations frozen until a date', async () => {
    const settings: SettingsAnswer = {
      ...fixtures.settings,
      security: {
        ...fixtures.settings.security,
        code_set: true,
        code_changed_at: '2026-11-20T10:15:00.000Z',
        frozen_until: '2026-12-05T10:15:00.000Z',
      },
    };
    startScreen('/settings', { 'GET /api/settings': { body: settings } });
    const status = await screen.findByTestId('code-status');
    expect(status).toHaveAttribute('data-state', 'frozen');
    expect(status).toHaveTextContent(
      `changed on ${formatDateTime('2026-11-20T10:15:00.000Z')}. Payouts, wallet changes and file deletion are frozen until ${formatDateTime('2026-12-05T10:15:00.000Z')}`,
    );
    expect(screen.getByTestId('code-warning')).toHaveTextContent('Changing the code freezes payouts');
    expect(screen.getByTestId('remove-code')).toBeInTheDocument();
  });

  it('shows each block loading, and a failed read in place with a retry (no error dialog)', async () => {
    const user = userEvent.setup();
    let failSettings = true;
    startScreen('/settings', {
      'GET /api/settings': () => (failSettings ? serverError : { body: fixtures.settings }),
      'GET /api/settings/sessions': () => new Promise<MockAnswer>(() => undefined),
    });
    const sessions = await panel('Active sessions');
    expect(await within(sessions).findByTestId('loading')).toBeInTheDocument();
    const personal = await panel('Personal information');
    expect(await within(personal).findByTestId('error')).toHaveTextContent('could not be loaded');
    expect(within(await panel('Security options')).getByTestId('error')).toBeInTheDocument();
    // The password form needs no read: it works meanwhile.
    expect(screen.getByLabelText(/^Current password/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    failSettings = false;
    await user.click(within(personal).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('current-email')).toHaveTextContent(fixtures.settings.email);
  });

  it('says when a read of the sessions fails', async () => {
    startScreen('/settings', { 'GET /api/settings/sessions': serverError });
    const sessions = await panel('Active sessions');
    expect(await within(sessions).findByTestId('error')).toBeInTheDocument();
  });
});

describe('settings: personal info', () => {
  it('posts the fields, puts a 422 on its field, and confirms a save', async () => {
    const user = userEvent.setup();
    let answer: MockAnswer = refused({ first_name: ['The first name may not be longer than 64 characters.'] });
    const { api, callsTo } = startScreen('/settings', { 'POST /api/settings/personal': () => answer });
    const contact = await screen.findByLabelText('Contact details');
    await user.type(contact, '  @demo_partner ');
    await user.click(screen.getByTestId('save-personal'));
    expect(await screen.findByText('The first name may not be longer than 64 characters.')).toBeInTheDocument();
    expect(api.bodyOf(callsTo('/settings/personal')[0]!)).toEqual({
      first_name: 'Demo',
      last_name: 'Partner',
      contact: '@demo_partner',
    });
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');

    answer = ok('Your personal information has been saved.');
    await user.click(screen.getByTestId('save-personal'));
    expect(await screen.findByText('Your personal information has been saved.')).toBeInTheDocument();
    expect(callsTo('/settings/personal')).toHaveLength(2);
  });

  it('changes the email after the password check, and shows the new address waiting for confirmation', async () => {
    const user = userEvent.setup();
    let emailCalls = 0;
    let pending: string | null = null;
    const { api, callsTo } = startScreen('/settings', {
      'GET /api/settings': () => ({ body: { ...fixtures.settings, pending_email: pending } }),
      'POST /api/settings/email': (call) => {
        emailCalls += 1;
        if (emailCalls === 1) return needPassword;
        pending = new URLSearchParams(call.body).get('email');
        return ok(`We have sent a confirmation link to ${pending}.`);
      },
      'POST /api/security/check-password': { body: { success: true } },
    });
    await user.click(await screen.findByTestId('change-email'));
    const field = screen.getByLabelText(/^New email address/);
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('The email must be a valid email address')).toBeInTheDocument();
    expect(callsTo('/settings/email')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'new@partner.test');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account password' });
    await user.type(within(dialog).getByTestId('account-password-input'), 'demo-partner');
    await solveCaptcha();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('We have sent a confirmation link to new@partner.test.')).toBeInTheDocument();
    expect(callsTo('/settings/email').map((c) => api.bodyOf(c))).toEqual([
      { email: 'new@partner.test' },
      { email: 'new@partner.test' },
    ]);
    expect(await screen.findByTestId('pending-email')).toHaveTextContent(
      'new@partner.test is waiting for confirmation',
    );
  });
});

describe('settings: password', () => {
  it('refuses a confirmation that does not match, without a call', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings');
    await user.type(await screen.findByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'new-password-2');
    await user.click(screen.getByTestId('change-password'));
    expect(await screen.findByText('The password and its confirmation do not match')).toBeInTheDocument();
    expect(callsTo('/settings/password')).toHaveLength(0);
  });

  it('asks for every field', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings');
    await user.click(await screen.findByTestId('change-password'));
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please repeat the password')).toBeInTheDocument();
    expect(callsTo('/settings/password')).toHaveLength(0);
  });

  it('puts a wrong old password on its field, then says a confirmation link was emailed', async () => {
    const user = userEvent.setup();
    let answer = refused({ old_password: ['Wrong password'] });
    const { api, callsTo } = startScreen('/settings', { 'POST /api/settings/password': () => answer });
    await user.type(await screen.findByLabelText(/^Current password/), 'bad-password');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'new-password-1');
    await user.click(screen.getByTestId('change-password'));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodyOf(callsTo('/settings/password')[0]!)).toEqual({
      old_password: 'bad-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });

    answer = ok('');
    await user.clear(screen.getByLabelText(/^Current password/));
    await user.type(screen.getByLabelText(/^Current password/), 'good-password');
    await user.click(screen.getByTestId('change-password'));
    expect(await screen.findByTestId('password-sent')).toHaveTextContent(
      'We have emailed you a link to confirm the change. Your password changes once you follow it.',
    );
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });
});

describe('settings: security code and options', () => {
  it('refuses a code shorter than the product settings allow, without a call', async () => {
    const user = userEvent.setup();
    const product = structuredClone(fixtures.productSettings);
    product.security.code_min_length = 6;
    const { callsTo } = startScreen('/settings', { 'GET /api/product/settings': { body: product } });
    expect(await screen.findByText('6 to 32 characters')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Security code/), '12345');
    await user.type(screen.getByLabelText(/^Repeat the code/), '12345');
    await user.click(screen.getByTestId('save-code'));
    expect(await screen.findByText('The security code must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Security code/));
    await user.type(screen.getByLabelText(/^Security code/), '123456');
    await user.click(screen.getByTestId('save-code'));
    expect(await screen.findByText('The security code and its confirmation do not match')).toBeInTheDocument();
    expect(callsTo('/settings/security')).toHaveLength(0);
  });

  it('on 403 need_security_password asks for the account password and captcha, then repeats the call', async () => {
    const user = userEvent.setup();
    let securityCalls = 0;
    const { api, callsTo } = startScreen('/settings', {
      'POST /api/settings/security': () => {
        securityCalls += 1;
        return securityCalls === 1 ? needPassword : ok('The security code has been set.');
      },
      'POST /api/security/check-password': { body: { success: true } },
    });
    await user.type(await screen.findByLabelText(/^Security code/), 'safe-code');
    await user.type(screen.getByLabelText(/^Repeat the code/), 'safe-code');
    await user.click(screen.getByTestId('save-code'));

    const dialog = await screen.findByRole('dialog', { name: 'Account password' });
    expect(callsTo('/security/info/password')).toHaveLength(1);
    await user.type(within(dialog).getByTestId('account-password-input'), 'demo-partner');
    await solveCaptcha('pow-payload');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('The security code has been set.')).toBeInTheDocument();
    expect(api.bodyOf(callsTo('/security/check-password')[0]!)).toEqual({
      password: 'demo-partner',
      captcha: 'pow-payload',
    });
    const posts = callsTo('/settings/security');
    expect(posts).toHaveLength(2);
    expect(posts.map((c) => api.bodyOf(c))).toEqual([
      { code: 'safe-code', code_confirmation: 'safe-code' },
      { code: 'safe-code', code_confirmation: 'safe-code' },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^Security code/)).toHaveValue(''));
    // The screen reads the settings again after the change.
    await waitFor(() => expect(callsTo('/settings').length).toBeGreaterThan(1));
  });

  it('does not repeat the call when the password check is closed', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings', { 'POST /api/settings/security': needPassword });
    await user.click(await screen.findByRole('switch', { name: 'Captcha with the password check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account password' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/settings/security')).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Captcha with the password check' })).toBeChecked();
  });

  it('asks before changing a code, warning of the freeze', async () => {
    const user = userEvent.setup();
    const settings = { ...fixtures.settings, security: { ...fixtures.settings.security, code_set: true } };
    const { api, callsTo } = startScreen('/settings', {
      'GET /api/settings': { body: settings },
      'POST /api/settings/security': ok('The security code has been changed.'),
    });
    await user.type(await screen.findByLabelText(/^New security code/), 'new-code');
    await user.type(screen.getByLabelText(/^Repeat the code/), 'new-code');
    await user.click(screen.getByTestId('save-code'));
    const confirm = await screen.findByRole('dialog', { name: 'Change the security code?' });
    expect(confirm).toHaveTextContent(`frozen for ${fixtures.productSettings.security.code_freeze_days} days`);
    expect(callsTo('/settings/security')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Change the code' }));
    expect(await screen.findByText('The security code has been changed.')).toBeInTheDocument();
    expect(api.bodyOf(callsTo('/settings/security')[0]!)).toEqual({ code: 'new-code', code_confirmation: 'new-code' });
  });

  it('removes the code after a confirmation', async () => {
    const user = userEvent.setup();
    const settings = { ...fixtures.settings, security: { ...fixtures.settings.security, code_set: true } };
    const { api, callsTo } = startScreen('/settings', {
      'GET /api/settings': { body: settings },
      'POST /api/settings/security': { body: { success: true, message: '' } },
    });
    await user.click(await screen.findByTestId('remove-code'));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the security code?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove the code' }));
    expect(await screen.findByText('The security code has been removed.')).toBeInTheDocument();
    expect(api.bodyOf(callsTo('/settings/security')[0]!)).toEqual({ remove_code: 'true' });
  });

  it('turns an option off with a call of that option alone', async () => {
    const user = userEvent.setup();
    let limit = true;
    const { api, callsTo } = startScreen('/settings', {
      'GET /api/settings': () => ({
        body: { ...fixtures.settings, security: { ...fixtures.settings.security, login_limit_enabled: limit } },
      }),
      'POST /api/settings/security': (call) => {
        limit = new URLSearchParams(call.body).get('login_limit_enabled') === 'true';
        return ok('Saved.');
      },
    });
    const option = await screen.findByRole('switch', { name: 'Limit failed sign-in attempts' });
    await user.click(option);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.bodyOf(callsTo('/settings/security')[0]!)).toEqual({ login_limit_enabled: 'false' });
    expect(screen.getByRole('switch', { name: 'Limit failed sign-in attempts' })).not.toBeChecked();
    await waitFor(() => expect(callsTo('/settings').length).toBeGreaterThan(1));
    expect(screen.getByRole('switch', { name: 'Limit failed sign-in attempts' })).not.toBeChecked();
  });
});

describe('settings: sessions', () => {
  it('signs out everywhere else after a confirmation and says how many', async () => {
    const user = userEvent.setup();
    let revoked = false;
    const current = fixtures.sessions.data.filter((s) => s.current);
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/sessions': () => ({ body: { data: revoked ? current : fixtures.sessions.data } }),
      'POST /api/settings/sessions/revoke-others': () => {
        revoked = true;
        return { body: { success: true, message: 'Done.', revoked: 2 } };
      },
    });
    await user.click(await screen.findByTestId('revoke-others'));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(confirm).toHaveTextContent('2 other sessions will be signed out.');
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    expect(callsTo('/settings/sessions/revoke-others')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.getByTestId('no-other-sessions')).toBeInTheDocument();
    expect(screen.getByTestId('revoke-others')).toBeDisabled();
  });
});

describe('settings: ending one session', () => {
  it('signs out any other session after a confirmation that names its device, and not this one', async () => {
    const user = userEvent.setup();
    let ended: string | null = null;
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/sessions': () => ({ body: { data: fixtures.sessions.data.filter((s) => s.id !== ended) } }),
      'POST /api/settings/sessions/s_4b7e0a13/revoke': () => {
        ended = 's_4b7e0a13';
        return { body: { success: true, message: 'The session has ended.' } };
      },
    });
    const rows = await screen.findAllByTestId('session');
    // This browser's row has no button of its own (it signs out from the top bar); each other row has one.
    expect(within(rows[0]!).queryByTestId('end-session')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('end-session')).toHaveLength(2);
    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    expect(confirm).toHaveTextContent('Safari on iPhone will be signed out at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('The session has ended.')).toBeInTheDocument();
    expect(callsTo('/settings/sessions/s_4b7e0a13/revoke')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(2));
  });

  it('says why when the session had ended already', async () => {
    const user = userEvent.setup();
    startScreen('/settings', {
      'POST /api/settings/sessions/s_d06a5e88/revoke': { status: 404, body: { code: 'not_found', message: 'This session has already ended.' } },
    });
    const rows = await screen.findAllByTestId('session');
    await user.click(within(rows[2]!).getByTestId('end-session'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('This session has already ended.')).toBeInTheDocument();
  });
});

describe('settings in Arabic', () => {
  it('lays the page out right to left', async () => {
    await changeLanguage('ar');
    startScreen('/settings');
    expect(await screen.findByTestId('current-email')).toHaveTextContent(fixtures.settings.email);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const rows = await screen.findAllByTestId('session');
    expect(rows).toHaveLength(3);
    // Dates follow the interface language through Intl.
    expect(rows[2]).toHaveTextContent(formatDateTime(fixtures.sessions.data[2]!.created_at, 'ar'));
    expect(await screen.findByTestId('code-status')).toBeInTheDocument();
  });
});

describe('email change confirmation page', () => {
  it('posts the token once and shows the change done', async () => {
    const { api, callsTo } = startScreen('/settings/email/confirm/tok-123', {
      'POST /api/settings/email/confirm': ok('Your email address has been changed to new@partner.test.'),
    });
    const status = await screen.findByTestId('confirm-email-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'success'));
    expect(status).toHaveTextContent('Your email address has been changed to new@partner.test.');
    expect(callsTo('/settings/email/confirm')).toHaveLength(1);
    expect(api.bodyOf(callsTo('/settings/email/confirm')[0]!)).toEqual({ token: 'tok-123' });
    expect(within(status).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
  });

  it('says when the link is invalid or expired', async () => {
    startScreen('/settings/email/confirm/old', {
      'POST /api/settings/email/confirm': { status: 410, body: { code: 'gone', message: '' } },
    });
    const status = await screen.findByTestId('confirm-email-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'invalid'));
    expect(status).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers to try again when the server fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { callsTo } = startScreen('/settings/email/confirm/tok', {
      'POST /api/settings/email/confirm': () => (fail ? serverError : ok('Changed.')),
    });
    const status = await screen.findByTestId('confirm-email-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'failed'));
    expect(status).toHaveTextContent('could not be checked right now');
    fail = false;
    await user.click(within(status).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'success'));
    expect(callsTo('/settings/email/confirm')).toHaveLength(2);
  });
});
