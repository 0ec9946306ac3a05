import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserValue } from '../../web/lib/hydrated';

/** What a part renders, and how often: the server's render, the hydration, and whatever follows. */
function harness(browser: () => string) {
  const renders: string[] = [];
  function Part() {
    const value = useBrowserValue(browser, 'page');
    renders.push(value);
    return <p>{value}</p>;
  }
  return { Part, renders };
}

describe('useBrowserValue: what only the browser knows, after hydration', () => {
  let container: HTMLElement | null = null;
  // React's act() outside Testing Library's render (which sets this itself)
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => void (scope.IS_REACT_ACT_ENVIRONMENT = true));
  afterAll(() => void (scope.IS_REACT_ACT_ENVIRONMENT = before));
  afterEach(() => {
    container?.remove();
    container = null;
  });

  async function hydrate(Part: () => React.JSX.Element) {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Part />);
    document.body.appendChild(container);
    expect(container.textContent).toBe('page');
    await act(async () => void hydrateRoot(container!, <Part />));
    return container;
  }

  it("renders the page's value while hydrating, and the browser's right after", async () => {
    const { Part, renders } = harness(() => 'installed');
    const root = await hydrate(Part);
    expect(root.textContent).toBe('installed');
    // the server's render, the hydration (the page's value), then the browser's
    expect(renders).toEqual(['page', 'page', 'installed']);
  });

  it("renders nothing again when the browser's value is the page's (a browser tab, a warning answered)", async () => {
    const { Part, renders } = harness(() => 'page');
    const root = await hydrate(Part);
    expect(root.textContent).toBe('page');
    expect(renders).toEqual(['page', 'page']);
  });
});
