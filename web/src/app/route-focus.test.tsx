import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isCurrent } from './layouts/app-layout';
import { SkipLink, useFocusHeadingOnNavigation } from './route-focus';

afterEach(cleanup);

function Shell() {
  useFocusHeadingOnNavigation();
  return (
    <>
      <SkipLink />
      <nav>
        <Link to="/b">Go to B</Link>
        <Link to="/slow">Go to slow</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function Slow() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      finish loading
    </button>
  );
}

function Tabs() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Page A</h1>
      <button type="button" onClick={() => navigate({ search: '?tab=2' }, { replace: true })}>
        Second tab
      </button>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        Component: Shell,
        children: [
          { path: '/', Component: Tabs },
          { path: '/b', element: <h1>Page B</h1> },
          { path: '/slow', Component: Slow },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('focus on navigation', () => {
  it('leaves focus alone on the first load, then focuses the new page heading after a route change', async () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'Go to B' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Page B' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that appears after the page has rendered', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Go to slow' }));
    const finish = await screen.findByRole('button', { name: 'finish loading' });
    await act(async () => {
      fireEvent.click(finish);
    });
    const heading = await screen.findByRole('heading', { name: 'Slow page' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(document.activeElement).toBe(heading);
  });

  it('keeps focus where it is when a tab only replaces the query', async () => {
    renderApp();
    const tab = screen.getByRole('button', { name: 'Second tab' });
    tab.focus();
    await act(async () => {
      fireEvent.click(tab);
    });
    expect(document.activeElement).toBe(tab);
  });

  it('the skip link moves focus to the main landmark', () => {
    // jsdom does not lay out, so it has no scrollIntoView.
    Element.prototype.scrollIntoView = () => undefined;
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement?.tagName).toBe('MAIN');
  });
});

describe('isCurrent (sidebar links)', () => {
  it('tells the dashboard from its Teach Your AI view, and marks nested paths', () => {
    const dashboard = { to: '/dashboard' };
    const teach = { to: '/dashboard', search: '?view=teach' };
    expect(isCurrent(dashboard, { pathname: '/dashboard', search: '' })).toBe(true);
    expect(isCurrent(teach, { pathname: '/dashboard', search: '' })).toBe(false);
    expect(isCurrent(dashboard, { pathname: '/dashboard', search: '?view=teach&mode=integration' })).toBe(false);
    expect(isCurrent(teach, { pathname: '/dashboard', search: '?view=teach&mode=integration' })).toBe(true);
    expect(isCurrent({ to: '/settings' }, { pathname: '/settings/integrations/buildium', search: '' })).toBe(true);
    expect(isCurrent({ to: '/settings' }, { pathname: '/settingsx', search: '' })).toBe(false);
  });
});
