import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../locales/nl.json';
import { Modal } from '../../web/components/ui/modal';
import { tabbables } from '../../web/components/ui/use-focus-trap';
import { I18nContext, type T } from '../../web/lib/i18n';

const t: T = (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], nl) as string;

/** A page with an opener and a modal (an input, a disabled button, two radios, a note, a link, a button). */
function Page({ dismissible, onDismiss = () => {} }: { dismissible: boolean; onDismiss?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => (onDismiss(), setOpen(false));
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && (
        <Modal title="Vraag" onDismiss={dismissible ? close : undefined}>
          <input aria-label="Naam" />
          <button type="button" disabled>
            Bezig
          </button>
          <label>
            <input type="radio" name="g" value="a" /> A
          </label>
          <label>
            <input type="radio" name="g" value="b" /> B
          </label>
          <p tabIndex={-1}>Uitleg</p>
          <a href="/pages/terms">Voorwaarden</a>
          <button type="button" onClick={() => setOpen(false)}>
            Klaar
          </button>
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

  it('Tab wraps from the last element to the first and Shift+Tab back; between them the browser moves', () => {
    const { dialog } = openPage(true);
    const names = tabbables(dialog).map(
      (el) => el.getAttribute('aria-label') ?? (el.textContent?.trim() || (el as HTMLInputElement).value),
    );
    expect(names).toEqual(['Sluiten', 'Naam', 'a', 'b', 'Voorwaarden', 'Klaar']); // not the disabled button, not the tabindex=-1 note
    const close = screen.getByRole('button', { name: 'Sluiten' });
    const done = screen.getByRole('button', { name: 'Klaar' });
    done.focus();
    expect(tab()).toBe(false); // handled: wrapped
    expect(focused()).toBe(close);
    expect(tab(true)).toBe(false);
    expect(focused()).toBe(done);
    screen.getByLabelText('Naam').focus();
    expect(tab()).toBe(true); // left to the browser
    expect(tab(true)).toBe(true);
  });

  it('brings a focus from elsewhere back: Tab to the first element, Shift+Tab to the last', () => {
    const { dialog } = openPage(true);
    focused().blur();
    expect(focused()).toBe(document.body);
    tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Sluiten' }));
    focused().blur();
    tab(true);
    expect(focused()).toBe(screen.getByRole('button', { name: 'Klaar' }));
    // from the modal itself (focused when it holds nothing else), Shift+Tab goes to the last too
    dialog.focus();
    tab(true);
    expect(focused()).toBe(screen.getByRole('button', { name: 'Klaar' }));
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
