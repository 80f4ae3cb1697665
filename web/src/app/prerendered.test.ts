import { describe, expect, it } from 'vitest';
import { carryOverTyping, copyFields, replayClick } from './prerendered.ts';

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('typing carried from a prerendered page into the app', () => {
  it("gives the app's fields what was in the copy's when it replaced them, through their input events, and the focus", () => {
    document.body.innerHTML = `
      <div id="root"><input id="field-email"><input id="field-password" type="password"><input id="field-empty"><input type="hidden" id="field-token" value="t"></div>`;
    const root = document.getElementById('root')!;
    const copy = copyFields(root);
    // Typed after the app started rendering, before its commit: still carried.
    input('field-email').value = 'someone@example.com';
    input('field-password').focus();
    input('field-password').value = 'secret';

    // The app's page in the copy's place: the same ids, empty, each telling its input events.
    root.innerHTML = '<input id="field-email"><input id="field-password" type="password"><input id="field-empty"><input type="hidden" id="field-token">';
    const heard: string[] = [];
    root.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).id));
    carryOverTyping(copy);
    expect(input('field-email').value).toBe('someone@example.com');
    expect(input('field-password').value).toBe('secret');
    expect(input('field-token').value).toBe('');
    expect(heard).toEqual(['field-email', 'field-password']);
    expect(document.activeElement?.id).toBe('field-password');
  });

  it("leaves a field the app has filled itself, and fields it does not have; no focus when none was in the copy", () => {
    document.body.innerHTML = '<div id="root"><input id="field-email"><input id="field-gone"></div><button id="elsewhere">x</button>';
    const root = document.getElementById('root')!;
    const copy = copyFields(root);
    input('field-email').value = 'typed@example.com';
    input('field-gone').value = 'x';
    input('field-email').focus();
    document.getElementById('elsewhere')!.focus();
    root.innerHTML = '<input id="field-email" value="kept@example.com">';
    carryOverTyping(copy);
    expect(input('field-email').value).toBe('kept@example.com');
    expect(document.activeElement?.id).toBe('elsewhere');
  });
});

describe('a click on the copy replayed in the app', () => {
  it("clicks the app's control of the same name once, a select by the press that opens it, and nothing else", () => {
    document.body.innerHTML = `
      <div id="root" data-replay="[data-testid=&quot;language-switcher&quot;]">
        <button data-testid="language-switcher">Language</button><button aria-label="Show password">o</button>
        <div role="combobox" id="wallet-type"></div>
      </div>`;
    const root = document.getElementById('root')!;
    const heard: string[] = [];
    root.addEventListener('click', (event) => heard.push(`click ${(event.target as HTMLElement).textContent}`));
    root.addEventListener('mousedown', (event) => heard.push(`mousedown ${(event.target as HTMLElement).id} ${event.button}`));
    replayClick(root);
    expect(heard).toEqual(['click Language']);
    expect(root.dataset.replay).toBeUndefined();
    replayClick(root);
    expect(heard).toEqual(['click Language']);

    root.dataset.replay = '[aria-label="Show password"]';
    replayClick(root);
    root.dataset.replay = '[id="wallet-type"]';
    replayClick(root);
    // A control the app does not have: nothing.
    root.dataset.replay = '[id="gone"]';
    replayClick(root);
    expect(heard).toEqual(['click Language', 'click o', 'mousedown wallet-type 0']);
  });
});
