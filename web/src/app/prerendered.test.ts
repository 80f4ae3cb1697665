import { describe, expect, it } from 'vitest';
import { carryOverTyping, typedInto } from './prerendered.ts';

describe('typing carried from a prerendered page into the app', () => {
  it('gives the app\'s fields what was typed into the copy\'s, through their input events, and the focus', () => {
    document.body.innerHTML = `
      <div id="root"><input id="field-email" value=""><input id="field-password" type="password"><input id="field-empty"><input type="hidden" id="field-token" value="t"></div>`;
    const root = document.getElementById('root')!;
    (document.getElementById('field-email') as HTMLInputElement).value = 'someone@example.com';
    (document.getElementById('field-password') as HTMLInputElement).value = 'secret';
    document.getElementById('field-password')!.focus();
    const typed = typedInto(root);
    expect(typed).toEqual({
      values: [
        { id: 'field-email', value: 'someone@example.com' },
        { id: 'field-password', value: 'secret' },
      ],
      focused: 'field-password',
    });

    // The app's page in the copy's place: the same ids, empty, each telling its input events.
    root.innerHTML = '<input id="field-email"><input id="field-password" type="password"><input id="field-empty">';
    const heard: string[] = [];
    root.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).id));
    carryOverTyping(typed);
    expect((document.getElementById('field-email') as HTMLInputElement).value).toBe('someone@example.com');
    expect((document.getElementById('field-password') as HTMLInputElement).value).toBe('secret');
    expect(heard).toEqual(['field-email', 'field-password']);
    expect(document.activeElement?.id).toBe('field-password');
  });

  it('leaves a field the app has filled itself, and fields it does not have', () => {
    document.body.innerHTML = '<div id="root"><input id="field-email"></div>';
    const root = document.getElementById('root')!;
    (document.getElementById('field-email') as HTMLInputElement).value = 'typed@example.com';
    const typed = typedInto(root);
    root.innerHTML = '<input id="field-email" value="kept@example.com">';
    carryOverTyping({ ...typed, values: [...typed.values, { id: 'field-gone', value: 'x' }] });
    expect((document.getElementById('field-email') as HTMLInputElement).value).toBe('kept@example.com');
  });
});
