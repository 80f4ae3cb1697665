import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { checkValues, useSchemaForm, type SchemaForm } from './useSchemaForm.ts';

const schema = z
  .object({
    email: z
      .string()
      .check(z.trim(), z.minLength(1, 'email.required'), z.regex(/^[^\s@]+@[^\s@]+$/, 'email.invalid')),
    password: z.string().check(z.minLength(8, 'password.short')),
    confirm: z.string(),
    agree: z.boolean().check(z.refine((v) => v, 'agree.required')),
  })
  .check(z.refine((v) => v.password === v.confirm, { message: 'confirm.mismatch', path: ['confirm'] }));
type Form = z.infer<typeof schema>;

let form: SchemaForm<Form>;

function Harness({ onValid }: { onValid: (data: Form) => Promise<void> | void }) {
  form = useSchemaForm(schema, { email: '', password: '', confirm: '', agree: false });
  const text = (name: 'email' | 'password' | 'confirm') => {
    const { inputRef, ...props } = form.text(name);
    return <input aria-label={name} ref={inputRef} {...props} />;
  };
  const { inputRef, ...agree } = form.checkbox('agree');
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      {text('email')}
      {text('password')}
      {text('confirm')}
      <input type="checkbox" aria-label="agree" ref={inputRef} {...agree} />
      <output data-testid="errors">{JSON.stringify(form.errors)}</output>
      <output data-testid="submitting">{String(form.isSubmitting)}</output>
      <button type="submit">send</button>
    </form>
  );
}

const errors = () =>
  JSON.parse(screen.getByTestId('errors').textContent!) as Record<string, { type: string; message: string }>;
const messages = () => Object.fromEntries(Object.entries(errors()).map(([k, v]) => [k, v.message]));

describe('useSchemaForm', () => {
  it('checks nothing before the first submit, then shows every field error and focuses the first on the page', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('password'), 'short');
    expect(errors()).toEqual({});
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(messages()).toEqual({
      email: 'email.required',
      password: 'password.short',
      confirm: 'confirm.mismatch',
      agree: 'agree.required',
    });
    expect(screen.getByLabelText('email')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, a changed field is checked again at once and the others keep their messages', async () => {
    render(<Harness onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await userEvent.type(screen.getByLabelText('email'), 'a@');
    expect(messages().email).toBe('email.invalid');
    await userEvent.type(screen.getByLabelText('email'), 'b.co');
    expect(messages().email).toBeUndefined();
    expect(messages().password).toBe('password.short');
    await userEvent.click(screen.getByLabelText('agree'));
    expect(messages().agree).toBeUndefined();
  });

  it('hands the parsed values to the submit handler and reports submitting while it runs', async () => {
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('email'), '  partner@example.com ');
    await userEvent.type(screen.getByLabelText('password'), 'long enough');
    await userEvent.type(screen.getByLabelText('confirm'), 'long enough');
    await userEvent.click(screen.getByLabelText('agree'));
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(onValid).toHaveBeenCalledWith({
      email: 'partner@example.com',
      password: 'long enough',
      confirm: 'long enough',
      agree: true,
    });
    expect(screen.getByTestId('submitting')).toHaveTextContent('true');
    await act(async () => finish());
    expect(screen.getByTestId('submitting')).toHaveTextContent('false');
  });

  it('takes server messages on a field (focusing it when asked) and can reset a value without a message', async () => {
    render(<Harness onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    act(() =>
      form.setError('password', { type: 'server', message: 'Wrong email or password' }, { focus: true }),
    );
    expect(errors().password).toEqual({ type: 'server', message: 'Wrong email or password' });
    expect(screen.getByLabelText('password')).toHaveFocus();
    act(() => form.setValue('confirm', 'x', { check: false }));
    expect(messages().confirm).toBeUndefined();
    act(() => form.setValue('confirm', 'y'));
    expect(messages().confirm).toBe('confirm.mismatch');
    act(() => form.clearError('confirm'));
    expect(messages().confirm).toBeUndefined();
  });
});

describe('checkValues', () => {
  it('keeps the first issue of each field, and the data only when all pass', () => {
    expect(checkValues(schema, { email: ' ', password: '', confirm: 'y', agree: false }).errors).toEqual({
      email: { type: 'client', message: 'email.required' },
      password: { type: 'client', message: 'password.short' },
      confirm: { type: 'client', message: 'confirm.mismatch' },
      agree: { type: 'client', message: 'agree.required' },
    });
    expect(
      checkValues(schema, { email: 'a@b.c', password: '12345678', confirm: '12345678', agree: true }),
    ).toEqual({
      data: { email: 'a@b.c', password: '12345678', confirm: '12345678', agree: true },
      errors: {},
    });
  });
});
