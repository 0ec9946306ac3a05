import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../locales/nl.json';
import { Modal } from '../../web/components/ui/modal';
import { tabbables } from '../../web/components/ui/use-focus-trap';
import { I18nContext, type T } from '../../web/lib/i18n';

const t: T = (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], nl) as string;

/** A page with an opener and a modal (an input, a disabled button, two radios, a link, a button). */
function Page({ dismissible, onDismiss = () => {} }: { dismissible: boolean; onDismiss?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => (onDismiss(), setOpen(false));
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <button type="button">Behind</button>
      {open && (
        <Modal title="Vraag" onDismiss={dismissible ? close : undefined}>
          <input aria-label="Naam" />
          <button type="button" disabled>Bezig</button>
          <label><input type="radio" name="g" value="a" /> A</label>
          <label><input type="radio" name="g" value="b" /> B</label>
          <p tabIndex={-1}>Uitleg</p>
          <a href="/pages/terms">Voorwaarden</a>
          <button type="button" onClick={() => setOpen(false)}>Klaar</button>
        </Modal>
      )}
    </>
  );
}

function openPage(dismissible: boolean, onDismiss?: () => void) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  render(
    <I18nContext.Provider value={{ t, locale: 'nl' }}>
      <Page dismissible={dismissible} onDismiss={onDismiss} />
    </I18nContext.Provider>,
    { container: root },
  );
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { root, opener, dialog: screen.getByRole('dialog', { name: 'Vraag' }) };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
const focused = () => document.activeElement as HTMLElement;

afterEach(() => document.getElementById('root')?.remove());

describe('modal focus trap', () => {
  it('moves focus into the modal, past the close button, and makes the page behind inert', () => {
    const { root, dialog } = openPage(true);
    expect(focused()).toBe(screen.getByLabelText('Naam'));
    expect(dialog.contains(focused())).toBe(true);
    expect(root.hasAttribute('inert')).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Tab and Shift+Tab cycle inside, skipping disabled buttons and all but one radio of a group', () => {
    const { dialog } = openPage(true);
    expect(tabbables(dialog).map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? (el as HTMLInputElement).value)).toEqual([
      'Sluiten',
      'Naam',
      '',
      'Voorwaarden',
      'Klaar',
    ]);
    const order = ['Naam', 'radio a', 'Voorwaarden', 'Klaar', 'Sluiten', 'Naam'];
    const name = (el: HTMLElement) => (el instanceof HTMLInputElement && el.type === 'radio' ? `radio ${el.value}` : el.getAttribute('aria-label') ?? el.textContent?.trim());
    const seen = [name(focused())];
    for (let i = 1; i < order.length; i++) {
      tab();
      seen.push(name(focused()));
    }
    expect(seen).toEqual(order);
    tab(true);
    expect(name(focused())).toBe('Sluiten');
    tab(true);
    expect(name(focused())).toBe('Klaar');
    // a checked radio stands for its group
    fireEvent.click(screen.getByLabelText('B'));
    expect(tabbables(dialog)).toContain(screen.getByLabelText('B'));
    expect(tabbables(dialog)).not.toContain(screen.getByLabelText('A'));
  });

  it('goes on from an element Tab does not reach, such as a focused step title', () => {
    openPage(true);
    const note = screen.getByText('Uitleg');
    note.focus();
    tab();
    expect(focused()).toBe(screen.getByRole('link', { name: 'Voorwaarden' }));
    note.focus();
    tab(true);
    expect(focused()).toBe(screen.getByLabelText('A'));
  });

  it('brings focus back into the modal when it is somewhere else', () => {
    const { dialog } = openPage(true);
    focused().blur();
    expect(focused()).toBe(document.body);
    tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Sluiten' }));
    expect(dialog.contains(focused())).toBe(true);
  });

  it('Escape dismisses a dismissible modal and focus returns to the opener', () => {
    const onDismiss = vi.fn();
    const { root, opener } = openPage(true, onDismiss);
    fireEvent.keyDown(focused(), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.body.style.overflow).toBe('');
  });

  it('a modal that must be answered ignores Escape and has no close button; answering returns focus', () => {
    const { opener } = openPage(false);
    fireEvent.keyDown(focused(), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sluiten' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Klaar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });
});
